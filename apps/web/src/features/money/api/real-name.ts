/** PUT /me/real-name: sets the account's real name, once (bank cards must be in this name). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@tradehall/contracts';
import { accountEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../lib/me.ts';

export function setRealName(realName: string): Promise<MeResponse> {
  return call(accountEndpoints.setRealName, { body: { realName } });
}

export function useSetRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealName,
    // Settled, not only success: "already set" also means GET /me now has a real name to show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
