import { describe, expect, it } from 'vitest';
import { KeyedReadBatcher } from './keyed-read-batcher.ts';

/** A read whose batches the test answers by hand, in any order. */
function heldReads() {
  const batches: {
    keys: string[];
    answer: (values: Record<string, number>) => void;
    fail: (e: Error) => void;
  }[] = [];
  const read = (keys: string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      batches.push({
        keys,
        answer: (values) => resolve(new Map(Object.entries(values))),
        fail: reject,
      });
    });
  return { batches, read };
}

/** Lets the batcher's next turn of the event loop run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KeyedReadBatcher', () => {
  it('sends the keys asked for in the same turn as one read, and answers each its own value', async () => {
    const { batches, read } = heldReads();
    const batcher = new KeyedReadBatcher(read, { inFlight: 2, size: 100 });
    const a = batcher.load('a');
    const b = batcher.load('b');
    const c = batcher.load('c');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a', 'b', 'c']]);
    batches[0]?.answer({ a: 1, b: 2 });
    expect(await Promise.all([a, b, c])).toEqual([1, 2, undefined]);
  });

  it('reads a key asked for twice at once only once, and answers both', async () => {
    const { batches, read } = heldReads();
    const batcher = new KeyedReadBatcher(read, { inFlight: 2, size: 100 });
    const first = batcher.load('a');
    const second = batcher.load('a');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a']]);
    batches[0]?.answer({ a: 7 });
    expect(await Promise.all([first, second])).toEqual([7, 7]);
  });

  it('never answers a key from a read that started before it was asked for', async () => {
    const { batches, read } = heldReads();
    const batcher = new KeyedReadBatcher(read, { inFlight: 2, size: 100 });
    const before = batcher.load('a');
    await nextTurn();
    // The first read is on its way; the same key asked again waits for a read of its own.
    const after = batcher.load('a');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a'], ['a']]);
    batches[1]?.answer({ a: 2 });
    batches[0]?.answer({ a: 1 });
    expect(await Promise.all([before, after])).toEqual([1, 2]);
  });

  it('keeps at most `inFlight` reads going and sends what waited together when one finishes', async () => {
    const { batches, read } = heldReads();
    const batcher = new KeyedReadBatcher(read, { inFlight: 1, size: 100 });
    const first = batcher.load('a');
    await nextTurn();
    const waiting = [batcher.load('b'), batcher.load('c')];
    await nextTurn();
    expect(batches).toHaveLength(1);
    batches[0]?.answer({ a: 1 });
    await first;
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a'], ['b', 'c']]);
    batches[1]?.answer({ b: 2, c: 3 });
    expect(await Promise.all(waiting)).toEqual([2, 3]);
  });

  it('puts at most `size` keys in one read', async () => {
    const { batches, read } = heldReads();
    const batcher = new KeyedReadBatcher(read, { inFlight: 3, size: 2 });
    const loads = ['a', 'b', 'c', 'd', 'e'].map((key) => batcher.load(key));
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    for (const batch of batches) batch.answer(Object.fromEntries(batch.keys.map((key) => [key, key.length])));
    expect(await Promise.all(loads)).toEqual([1, 1, 1, 1, 1]);
  });

  it('fails every load of a failed read, and reads again for the next ones', async () => {
    const { batches, read } = heldReads();
    const batcher = new KeyedReadBatcher(read, { inFlight: 1, size: 100 });
    const failed = [batcher.load('a'), batcher.load('b')];
    await nextTurn();
    batches[0]?.fail(new Error('database unavailable'));
    for (const load of failed) await expect(load).rejects.toThrow('database unavailable');
    const retried = batcher.load('a');
    await nextTurn();
    batches[1]?.answer({ a: 5 });
    expect(await retried).toBe(5);
  });
});
