import { describe, expect, it } from 'vitest';
import { matchesEtag, SharedReadCache } from './shared-read-cache.ts';

function counter() {
  let calls = 0;
  let release: (() => void) | null = null;
  return {
    get calls() {
      return calls;
    },
    load: async () => {
      calls += 1;
      const n = calls;
      await new Promise<void>((resolve) => {
        release = resolve;
        setTimeout(resolve, 5);
      });
      release = null;
      return { n };
    },
    release: () => release?.(),
  };
}

describe('SharedReadCache', () => {
  it('computes once for many concurrent misses and serves the same body and ETag', async () => {
    const source = counter();
    const cache = new SharedReadCache(source.load, { maxAgeMs: 1_000 });
    const reads = await Promise.all(Array.from({ length: 50 }, () => cache.get()));
    expect(source.calls).toBe(1);
    expect(new Set(reads.map((read) => read.etag)).size).toBe(1);
    expect(reads[0]?.body).toBe('{"n":1}');
    await cache.get();
    expect(source.calls).toBe(1);
  });

  it('recomputes once the value is older than maxAgeMs, and after invalidate()', async () => {
    let now = 0;
    const source = counter();
    const cache = new SharedReadCache(source.load, { maxAgeMs: 500, now: () => now });
    const first = await cache.get();
    now = 499;
    expect((await cache.get()).etag).toBe(first.etag);
    now = 500;
    const second = await cache.get();
    expect(second.value).toEqual({ n: 2 });
    expect(second.etag).not.toBe(first.etag);
    cache.invalidate();
    expect((await cache.get()).value).toEqual({ n: 3 });
    expect(source.calls).toBe(3);
  });

  it('does not hand a computation started before invalidate() to a request made after it', async () => {
    const source = counter();
    const cache = new SharedReadCache(source.load, { maxAgeMs: 10_000 });
    const before = cache.get();
    cache.invalidate();
    const after = cache.get();
    expect((await before).value).toEqual({ n: 1 });
    expect((await after).value).toEqual({ n: 2 });
    expect((await cache.get()).value).toEqual({ n: 2 });
  });

  it('keeps no failure: the next request computes again', async () => {
    let fail = true;
    const cache = new SharedReadCache(
      async () => {
        if (fail) throw new Error('database down');
        return 'ok';
      },
      { maxAgeMs: 10_000 },
    );
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get()).value).toBe('ok');
  });
});

describe('matchesEtag', () => {
  it('matches exact, weak, listed and * forms', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
