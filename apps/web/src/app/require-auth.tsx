/**
 * Guard for pages that need a login: without a session, go to login with `?redirect=` back to this page
 * (login returns there). Reacts to logout and to a session lost on a 401 while the page is open.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { withQuery } from '../lib/navigation.ts';
import { LOGIN_PATH } from '../lib/paths.ts';
import { useIsLoggedIn } from '../lib/use-session.ts';

export function loginUrl(returnTo: string): string {
  return withQuery(LOGIN_PATH, { redirect: returnTo });
}

export function RequireAuth() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
