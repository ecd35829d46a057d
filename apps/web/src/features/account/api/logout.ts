/**
 * POST /auth/logout: revokes this session on the server. The local session is cleared whatever the
 * outcome (an already-revoked token must still be able to log out).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/storage.ts';

export async function logout(): Promise<void> {
  try {
    await call(authEndpoints.logout);
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
