import { describe, expect, it } from 'vitest';
import { SharedBuildCache } from './shared-build-cache.ts';

function builds() {
  const calls: string[] = [];
  return {
    calls,
    build: async (key: string) => {
      calls.push(key);
      await new Promise<void>((resolve) => setTimeout(resolve, 5));
      if (key === 'broken') throw new Error('build failed');
      return { key, n: calls.length };
    },
  };
}

describe('SharedBuildCache', () => {
  it('builds a key once for a burst of requests, still running or done, and each key on its own', async () => {
    const source = builds();
    const cache = new SharedBuildCache(source.build, { maxAgeMs: 1_000, maxKeys: 4, now: () => 0 });
    const values = await Promise.all(Array.from({ length: 100 }, (_, i) => cache.get(i % 2 ? 'a' : 'b')));
    expect(source.calls.sort()).toEqual(['a', 'b']);
    expect(new Set(values).size).toBe(2);
    await cache.get('a');
    expect(source.calls).toHaveLength(2);
  });

  it('builds again once the value is maxAgeMs old, dated from the start of its build', async () => {
    let now = 1_000;
    const source = builds();
    const cache = new SharedBuildCache(source.build, { maxAgeMs: 5_000, maxKeys: 4, now: () => now });
    await cache.get('a');
    now += 4_999;
    await cache.get('a');
    expect(source.calls).toEqual(['a']);
    now += 1;
    await cache.get('a');
    expect(source.calls).toEqual(['a', 'a']);
    // A clock set back does not make a value young forever.
    now -= 10_000;
    await cache.get('a');
    expect(source.calls).toEqual(['a', 'a', 'a']);
  });

  it('keeps no failed build', async () => {
    const source = builds();
    const cache = new SharedBuildCache(source.build, { maxAgeMs: 1_000, maxKeys: 4, now: () => 0 });
    await expect(cache.get('broken')).rejects.toThrow('build failed');
    await expect(cache.get('broken')).rejects.toThrow('build failed');
    expect(source.calls).toEqual(['broken', 'broken']);
  });

  it('keeps at most maxKeys keys, dropping the oldest build', async () => {
    const source = builds();
    const cache = new SharedBuildCache(source.build, { maxAgeMs: 1_000, maxKeys: 2, now: () => 0 });
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    await cache.get('b');
    await cache.get('a');
    expect(source.calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
