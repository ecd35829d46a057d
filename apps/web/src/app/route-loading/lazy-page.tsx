/**
 * Lazy routes. A page's module is loaded when its route is first visited, within ROUTE_LOADING_TIMEOUT_MS
 * (60 s) for the route and LAZY_CHUNK_TIMEOUT_MS (120 s) for the chunk import. react-router caches what
 * a route's `lazy()` returns, including a failure, so a failure is not thrown: the route gets an element
 * that shows the loading error and retries the import in place, then renders the page.
 *
 * A page outside the first screen also waits for the rest of the message catalogue (lib/i18n.ts), which
 * the first screen leaves for later, so it never shows a key in place of its text.
 */
import { ROUTE_LOADING_TIMEOUT_MS } from '@tradehall/domain';
import { type ComponentType, useState } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadLaterMessages } from '../../lib/i18n.ts';
import { importChunk, withTimeout } from '../../lib/timeout.ts';
import { LoadErrorView } from './load-error-view.tsx';
import { DelayedLoadingView } from './route-loading-indicator.tsx';

export type PageModule = { default: ComponentType };

/** One page module: loads it (with the time limits) and remembers it once loaded. */
class PageLoader {
  page: ComponentType | null = null;

  constructor(
    private readonly load: () => Promise<PageModule>,
    private readonly firstScreen: boolean,
  ) {}

  async attempt(): Promise<ComponentType> {
    // Without its messages (offline before they came) the page still opens: i18next shows the keys and
    // the page re-renders when a later attempt brings them.
    const messages = this.firstScreen ? null : loadLaterMessages().catch(() => undefined);
    const [module] = await withTimeout(
      Promise.all([importChunk(this.load), messages]),
      ROUTE_LOADING_TIMEOUT_MS,
    );
    this.page = module.default;
    return module.default;
  }
}

type RetryState = { status: 'error'; error: unknown } | { status: 'loading' } | { status: 'ready' };

function RetryablePage({ loader, initialError }: { loader: PageLoader; initialError: unknown }) {
  const [state, setState] = useState<RetryState>({ status: 'error', error: initialError });
  const Page = loader.page;
  if (Page) return <Page />;
  if (state.status === 'loading') return <DelayedLoadingView />;
  const retry = () => {
    setState({ status: 'loading' });
    loader.attempt().then(
      () => setState({ status: 'ready' }),
      (error: unknown) => setState({ status: 'error', error }),
    );
  };
  return <LoadErrorView error={state.status === 'error' ? state.error : null} onRetry={retry} />;
}

/** `firstScreen`: a page people land on, whose messages ship with the first screen's. */
export function lazyPage(
  load: () => Promise<PageModule>,
  options: { firstScreen?: boolean } = {},
): LazyRouteFunction<RouteObject> {
  const loader = new PageLoader(load, options.firstScreen === true);
  return async () => {
    try {
      return { Component: await loader.attempt() };
    } catch (error) {
      return { element: <RetryablePage loader={loader} initialError={error} /> };
    }
  };
}
