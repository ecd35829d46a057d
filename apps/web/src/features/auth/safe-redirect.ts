import { sameAppPath } from '../../lib/navigation.ts';
import { HOME_PATH, LOGIN_SECTION } from '../../lib/paths.ts';

/** Only same-app paths are followed after login; anything else (or the login page itself) goes Home. */
export function safeRedirect(target: string | null): string {
  const path = sameAppPath(target);
  if (path === null || path.startsWith(LOGIN_SECTION)) return HOME_PATH;
  return path;
}
