import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, FIRST_DATA_TIMEOUT_MS, FIRST_SCREEN_MARK } from './first-screen.ts';

/** A router whose first page is already loaded (the state afterFirstScreen waits for). */
function loadedRouter() {
  const router = createMemoryRouter([{ path: '/', element: null }]);
  router.initialize();
  return router;
}

/** A request the test answers by hand, like the room's current round on its way from the server. */
function pendingRequest(queryClient: QueryClient) {
  let answer: (value: string) => void = () => {};
  void queryClient.prefetchQuery({
    queryKey: ['first-page-data'],
    queryFn: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  });
  return { answer: (value: string) => answer(value) };
}

const marked = () => performance.getEntriesByName(FIRST_SCREEN_MARK).length > 0;

describe('afterFirstScreen (the work the first screen does not need)', () => {
  beforeEach(() => {
    // The clock and frames are the test's; the Performance timeline stays real (the mark is read from it).
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'Date'],
    });
    performance.clearMarks();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the data the first page is fetching, then marks the first screen and runs the work', async () => {
    const queryClient = new QueryClient();
    const request = pendingRequest(queryClient);
    const work = vi.fn();
    afterFirstScreen(loadedRouter(), queryClient, [work]);

    await vi.advanceTimersByTimeAsync(FIRST_DATA_TIMEOUT_MS - 100);
    expect(work).not.toHaveBeenCalled();
    expect(marked()).toBe(false);

    request.answer('round 202611280001');
    await vi.advanceTimersByTimeAsync(100);
    expect(marked()).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work once the first page is painted when it fetches nothing', async () => {
    const work = vi.fn();
    afterFirstScreen(loadedRouter(), new QueryClient(), [work]);
    await vi.advanceTimersByTimeAsync(100);
    expect(marked()).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not wait longer than FIRST_DATA_TIMEOUT_MS for data that does not come', async () => {
    const queryClient = new QueryClient();
    pendingRequest(queryClient);
    const work = vi.fn();
    afterFirstScreen(loadedRouter(), queryClient, [work]);
    await vi.advanceTimersByTimeAsync(FIRST_DATA_TIMEOUT_MS + 100);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
