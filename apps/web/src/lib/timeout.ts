/**
 * Promise time limits. A lazily loaded page gets ROUTE_LOADING_TIMEOUT_MS as a whole and every chunk
 * import LAZY_CHUNK_TIMEOUT_MS (spec §8/§9); when one passes, the caller shows a loading error with a
 * retry instead of waiting forever.
 */
import { LAZY_CHUNK_TIMEOUT_MS } from '@tradehall/domain';

export class LoadTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`loading did not finish within ${timeoutMs} ms`);
    this.name = 'LoadTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Wraps a dynamic `import()` so a chunk that never arrives fails after LAZY_CHUNK_TIMEOUT_MS. */
export function importChunk<T>(load: () => Promise<T>): Promise<T> {
  return withTimeout(load(), LAZY_CHUNK_TIMEOUT_MS);
}
