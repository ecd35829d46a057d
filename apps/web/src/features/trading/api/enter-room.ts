/**
 * POST /rooms/:id/enter: the server checks the viewer's balance against the room's entry minimum
 * (ENTRY_MINIMUM_NOT_MET, with the amount missing, when short) and answers the room.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointResponse } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function enterRoom(id: string): Promise<EndpointResponse<typeof roomEndpoints.enter>> {
  return call(roomEndpoints.enter, { params: { id } });
}

export function useEnterRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterRoom,
    onSuccess: ({ room }) => queryClient.setQueryData(tradingKeys.room(room.id), room),
  });
}
