/**
 * The first screen, as the performance bars count it (DESIGN §9): the first page is rendered and has been
 * painted. What the first screen does not show waits until then and until the main thread is idle (the
 * rest of the message catalogue, the notices socket, the service worker), so it never competes with the
 * first page for the network or the CPU of a phone. The moment is marked in the Performance timeline
 * (FIRST_SCREEN_MARK), where the bundle benchmark reads it.
 */
export const FIRST_SCREEN_MARK = 'tradehall:first-screen';

/** Longest wait for an idle main thread before the deferred work runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

interface RouterLike {
  readonly state: { readonly initialized: boolean; readonly navigation: { readonly state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(task, 0);
  }
}

/** After the next paint: a frame, then a task once that frame has been drawn. */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

const ready = (state: RouterLike['state']) => state.initialized && state.navigation.state === 'idle';

/** Runs `tasks` (each on its own, a failing one does not stop the next) once the first page is up. */
export function afterFirstScreen(router: RouterLike, tasks: ReadonlyArray<() => void>): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    afterPaint(() => {
      performance.mark(FIRST_SCREEN_MARK);
      whenIdle(() => {
        for (const task of tasks) {
          try {
            task();
          } catch (error) {
            console.error('deferred start-up work failed', error);
          }
        }
      });
    });
  };
  if (ready(router.state)) {
    start();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!ready(state)) return;
    unsubscribe();
    start();
  });
}
