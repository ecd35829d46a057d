/**
 * When a request finds the session revoked or expired (401), the API client has already cleared it; here
 * the user is sent to login with a way back to the page they were on.
 */

import { setUnauthenticatedHandler } from '../lib/api-client.ts';
import { LOGIN_PATH } from '../lib/paths.ts';
import { loginUrl } from './require-auth.tsx';
import type { createAppRouter } from './router.tsx';

export function redirectToLoginOnExpiry(router: ReturnType<typeof createAppRouter>): void {
  setUnauthenticatedHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname === LOGIN_PATH) return;
    void router.navigate(loginUrl(`${pathname}${search}`), { replace: true }).catch(() => {});
  });
}
