/** What each route declares about itself (its title); read by the shell and the placeholder pages. */
import { useMatches } from 'react-router';
import type { Resources } from './i18n.ts';

/** A page's title: one of `titles`, or a feature namespace's own `title` (kept with its other strings). */
export type TitleKey =
  | `titles.${keyof Resources['titles'] & string}`
  | 'playLimits.title'
  | 'withdrawalStats.title'
  | 'liabilities.title';

export interface RouteHandle {
  titleKey: TitleKey;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return Boolean(
    value && typeof value === 'object' && 'titleKey' in value && typeof value.titleKey === 'string',
  );
}

/** The title of the deepest matched route that has one. */
export function useRouteTitleKey(): TitleKey {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return 'titles.home';
}
