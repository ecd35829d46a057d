import { DEBOUNCE_MS } from '@tradehall/domain';
import { describe, expect, it, vi } from 'vitest';
import { debounceLeading } from './debounce.ts';

/** A submission the test finishes by hand, like a request waiting for the server. */
function pendingWork() {
  let finish: () => void = () => {};
  const work = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { work, finish: () => finish() };
}

describe('debounceLeading (submit buttons, 500 ms)', () => {
  it('acts on the first tap at once and ignores repeated taps within 500 ms while it runs', () => {
    expect(DEBOUNCE_MS).toBe(500);
    let now = 1_000;
    const { work } = pendingWork();
    const tap = debounceLeading(work, DEBOUNCE_MS, () => now);
    tap();
    expect(work).toHaveBeenCalledTimes(1);
    now += 200;
    tap();
    now += 299;
    tap();
    expect(work).toHaveBeenCalledTimes(1);
    now += 1; // 500 ms after the accepted tap
    tap();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('counts the next tap at once when the submission has finished', async () => {
    let now = 0;
    const { work, finish } = pendingWork();
    const tap = debounceLeading(work, DEBOUNCE_MS, () => now);
    tap();
    finish();
    await Promise.resolve();
    await Promise.resolve();
    now = 100;
    tap();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('never holds back a tap after one that did no work (validation stopped it)', () => {
    let now = 0;
    const validateOnly = vi.fn(() => undefined);
    const tap = debounceLeading(validateOnly, DEBOUNCE_MS, () => now);
    tap();
    now = 50;
    tap();
    expect(validateOnly).toHaveBeenCalledTimes(2);
  });
});
