import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LAZY_CHUNK_TIMEOUT_MS, ROUTE_LOADING_TIMEOUT_MS } from '@tradehall/domain';
import type { ComponentType } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { importChunk, LoadTimeoutError } from '../../lib/timeout.ts';
import { lazyPage, type PageModule } from './lazy-page.tsx';
import { RouteLoadingIndicator } from './route-loading-indicator.tsx';

const StartPage = () => <p>Start page</p>;
const SlowPage = () => <p>Slow page</p>;
const FastPage = () => <p>Fast page</p>;
const RecoveredPage = () => <p>Recovered</p>;

function Layout() {
  return (
    <>
      <RouteLoadingIndicator />
      <Link to="/slow">go</Link>
      <Outlet />
    </>
  );
}

/** A page import that finishes when the test says so. */
function deferredPage(page: ComponentType) {
  let finish: () => void = () => {};
  const promise = new Promise<PageModule>((resolve) => {
    finish = () => resolve({ default: page });
  });
  return { load: () => promise, finish };
}

function renderApp(slowLazy: ReturnType<typeof lazyPage>) {
  const router = createMemoryRouter([
    {
      path: '/',
      Component: Layout,
      children: [
        { index: true, Component: StartPage },
        { path: 'slow', lazy: slowLazy },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('route loading view', () => {
  it('is not shown before 200 ms of loading, is shown after, and goes away when the page arrives', async () => {
    const slow = deferredPage(SlowPage);
    const router = renderApp(lazyPage(slow.load));
    act(() => {
      void router.navigate('/slow');
    });
    await advance(199);
    expect(screen.queryByRole('status')).toBeNull();
    await advance(1);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    slow.finish();
    await advance(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Slow page')).toBeTruthy();
  });

  it('never flashes on a fast load', async () => {
    const fast = deferredPage(FastPage);
    const router = renderApp(lazyPage(fast.load));
    act(() => {
      void router.navigate('/slow');
    });
    await advance(120);
    fast.finish();
    await advance(0);
    expect(screen.getByText('Fast page')).toBeTruthy();
    await advance(500);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('lazy page loading errors', () => {
  it('times out after 60 s with a loading error, and Retry loads the page in place', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      // The first attempt never answers (a stalled network); the retry succeeds.
      return attempts === 1 ? new Promise<PageModule>(() => {}) : Promise.resolve({ default: RecoveredPage });
    };
    const router = renderApp(lazyPage(load));
    act(() => {
      void router.navigate('/slow');
    });
    await advance(ROUTE_LOADING_TIMEOUT_MS - 1);
    expect(screen.queryByTestId('load-error')).toBeNull();
    await advance(1);
    const error = screen.getByTestId('load-error');
    expect(error.textContent).toContain('Loading failed');
    expect(error.textContent).toContain('took too long');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.getByText('Recovered')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(attempts).toBe(2);
  });

  it('reports a chunk that fails to load, and keeps offering Retry while it keeps failing', async () => {
    const load = vi.fn(() =>
      Promise.reject<PageModule>(new TypeError('Failed to fetch dynamically imported module')),
    );
    const router = renderApp(lazyPage(load));
    act(() => {
      void router.navigate('/slow');
    });
    await advance(0);
    expect(screen.getByTestId('load-error').textContent).toContain('could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.getByTestId('load-error')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('chunk import time limit', () => {
  it('rejects a chunk import with LoadTimeoutError after 120 s', async () => {
    const outcome = importChunk(() => new Promise<never>(() => {})).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LAZY_CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(LoadTimeoutError);
    expect((error as LoadTimeoutError).timeoutMs).toBe(LAZY_CHUNK_TIMEOUT_MS);
  });
});
