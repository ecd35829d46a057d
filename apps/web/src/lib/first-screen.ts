/**
 * The first screen, as the performance bars count it (DESIGN §9): the first page is rendered with the data
 * it asked for when it opened, and has been painted. What the first screen does not show waits until then
 * and until the main thread is idle (the rest of the message catalogue, the notices socket, the service
 * worker), so it never competes with the first page for the network or the CPU of a phone. The moment is
 * marked in the Performance timeline (FIRST_SCREEN_MARK), where the bundle benchmark reads it.
 *
 * The data counts because a page's largest paint is often its data (the room page's current round): with
 * only its code loaded, the deferred work started while the room's answer was on its way, and its seven
 * requests and their start-up code then ran right before, or in the middle of, the room's render.
 */
export const FIRST_SCREEN_MARK = 'tradehall:first-screen';

/** Longest wait for an idle main thread before the deferred work runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** Longest wait for the first page's data (a slow or failing request) before the deferred work goes on. */
export const FIRST_DATA_TIMEOUT_MS = 3000;

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

/**
 * After the next paint is on screen: that frame, the one after it (by when the compositor has shown the
 * first: in Lighthouse's traces the room's largest paint is presented 10-25 ms after its frame), then a
 * task. With a single frame the deferred work's requests often started before the paint was shown.
 */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(task, 0)));
}

/** What the app's data cache (react-query's QueryClient) offers: how many requests are on their way. */
export interface DataCacheLike {
  isFetching(): number;
  getQueryCache(): { subscribe(listener: () => void): () => void };
}

/** Once no data request is on its way, or FIRST_DATA_TIMEOUT_MS later. */
function whenDataSettled(data: DataCacheLike, task: () => void): void {
  if (data.isFetching() === 0) {
    task();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(timer);
    task();
  };
  const unsubscribe = data.getQueryCache().subscribe(() => {
    if (data.isFetching() === 0) finish();
  });
  const timer = setTimeout(finish, FIRST_DATA_TIMEOUT_MS);
}

const ready = (state: RouterLike['state']) => state.initialized && state.navigation.state === 'idle';

/**
 * Runs `tasks` (each on its own, a failing one does not stop the next) once the first page is up: its
 * code loaded, painted once (so the requests it makes on mount have started), then its data in and
 * painted again.
 */
export function afterFirstScreen(
  router: RouterLike,
  data: DataCacheLike,
  tasks: ReadonlyArray<() => void>,
): void {
  let started = false;
  const runTasks = () => {
    for (const task of tasks) {
      try {
        task();
      } catch (error) {
        console.error('deferred start-up work failed', error);
      }
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    afterPaint(() =>
      whenDataSettled(data, () =>
        afterPaint(() => {
          performance.mark(FIRST_SCREEN_MARK);
          whenIdle(runTasks);
        }),
      ),
    );
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
