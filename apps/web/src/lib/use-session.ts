/** Whether someone is logged in, re-rendering on login/logout (also from another tab). */
import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from './storage.ts';

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, () => getToken() !== null);
}
