/**
 * The spec's navigation API (§2): navigate-to, redirect, switch-tab, relaunch and back (default one step),
 * with parameters appended as a query string, and navigating to the page already shown is skipped.
 * The core works on a small port so it is testable and usable both inside React (`useNav`) and outside
 * (the router instance, e.g. when a request finds the session expired).
 */
import { useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from './paths.ts';

export type NavParams = Record<string, string | number | boolean | null | undefined>;

/** '/a' + {x: 1, y: 'b c'} -> '/a?x=1&y=b+c'; keeps a query already in the path; skips null/undefined. */
export function withQuery(path: string, params?: NavParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  if (text === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/**
 * A `?redirect=` target is followed only when it is a path of this app ('/pages/...'), never another
 * origin ('//evil.example', 'https://...'): null otherwise.
 */
export function sameAppPath(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

export interface NavigationPort {
  /** pathname + search of the page shown now. */
  current(): string;
  go(to: string, options: { replace: boolean }): void;
  back(delta: number): void;
  canGoBack(): boolean;
}

export interface Navigation {
  /** Opens a page on top of the current one. Returns false when it was already shown (skipped). */
  navigateTo(path: string, params?: NavParams): boolean;
  /** Replaces the current page. */
  redirectTo(path: string, params?: NavParams): boolean;
  /** Goes to a tab page; like the mini-program API it takes no parameters and replaces the entry. */
  switchTab(path: string): boolean;
  /** Starts over at a page (login after logout, home after login): replaces the current entry. */
  reLaunch(path: string, params?: NavParams): boolean;
  /** Goes back `delta` pages (default 1); with nothing to go back to, relaunches Home. */
  navigateBack(delta?: number): void;
}

export function createNavigation(port: NavigationPort): Navigation {
  const open = (to: string, replace: boolean): boolean => {
    if (to === port.current()) return false;
    port.go(to, { replace });
    return true;
  };
  return {
    navigateTo: (path, params) => open(withQuery(path, params), false),
    redirectTo: (path, params) => open(withQuery(path, params), true),
    switchTab: (path) => open(path, true),
    reLaunch: (path, params) => open(withQuery(path, params), true),
    navigateBack: (delta = 1) => {
      const steps = Math.max(1, Math.floor(delta));
      if (port.canGoBack()) port.back(steps);
      else open(HOME_PATH, true);
    },
  };
}

/** react-router's history keeps the entry index in `history.state.idx`; 0 means nothing to go back to. */
export function browserCanGoBack(): boolean {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  return Boolean(state && typeof state === 'object' && 'idx' in state && Number(state.idx) > 0);
}

/** The navigation API bound to the current router, for components. */
export function useNav(): Navigation {
  const navigate = useNavigate();
  const location = useLocation();
  const currentRef = useRef('');
  currentRef.current = `${location.pathname}${location.search}`;
  return useMemo(
    () =>
      createNavigation({
        current: () => currentRef.current,
        go: (to, options) => {
          void Promise.resolve(navigate(to, options)).catch(() => {});
        },
        back: (delta) => {
          void Promise.resolve(navigate(-delta)).catch(() => {});
        },
        canGoBack: browserCanGoBack,
      }),
    [navigate],
  );
}
