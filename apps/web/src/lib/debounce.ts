/**
 * Submit buttons are debounced (spec §9: 500 ms). Leading edge: the first tap acts at once; further taps
 * within 500 ms are ignored while that submission is still running, so a double tap never sends a form
 * twice. Once the work has finished (the server answered, or validation stopped it), the next tap counts
 * at once — a user correcting a field and resubmitting is never ignored.
 */
import { DEBOUNCE_MS } from '@tradehall/domain';
import { useCallback, useRef } from 'react';

export function debounceLeading<A extends unknown[]>(
  fn: (...args: A) => unknown,
  waitMs: number = DEBOUNCE_MS,
  now: () => number = Date.now,
): (...args: A) => void {
  let acceptedAt = Number.NEGATIVE_INFINITY;
  let running = false;
  return (...args: A) => {
    const time = now();
    if (running && time - acceptedAt < waitMs) return;
    acceptedAt = time;
    running = true;
    const finish = () => {
      running = false;
    };
    let result: unknown;
    try {
      result = fn(...args);
    } catch (error) {
      finish();
      throw error;
    }
    if (result instanceof Promise) result.then(finish, finish);
    else finish();
  };
}

/** A stable, debounced version of `fn` that always calls the latest `fn`; `fn` may be async. */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => unknown,
  waitMs: number = DEBOUNCE_MS,
): (...args: A) => void {
  const latest = useRef(fn);
  latest.current = fn;
  const debounced = useRef<((...args: A) => void) | null>(null);
  if (debounced.current === null) {
    debounced.current = debounceLeading((...args: A) => latest.current(...args), waitMs);
  }
  const stable = debounced.current;
  return useCallback((...args: A) => stable(...args), [stable]);
}
