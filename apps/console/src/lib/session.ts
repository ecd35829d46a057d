/** The signed-in operator, for any screen that shows or hides an admin-only control. */
import type { OperatorProfile } from '@tradehall/contracts';
import { createContext, useContext } from 'react';

/** The query holding GET /admin/me; two-factor enrolment writes the new profile into it. */
export const meQueryKey = ['admin', 'me'] as const;

export interface ConsoleSession {
  profile: OperatorProfile;
  isAdmin: boolean;
  logout: () => void;
}

export const SessionContext = createContext<ConsoleSession | null>(null);

export function useSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in console');
  return session;
}
