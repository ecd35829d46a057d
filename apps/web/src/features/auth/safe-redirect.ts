import { sameAppPath } from '../../lib/navigation.ts';

/** Only same-app paths are followed after login; anything else (or the login page itself) goes Home. */
export function safeRedirect(target: string | null): string {
  const path = sameAppPath(target);
  if (path === null || path.startsWith('/pages/login/')) return '/';
  return path;
}
