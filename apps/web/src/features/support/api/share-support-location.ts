/**
 * POST /support/messages/location {location, idempotencyKey}: the user shares a point with customer
 * service. The key is the id of the trip to choose-location, so the same return handled twice (a
 * re-render, a retry after a lost answer) is stored once. The conversation is asked for again after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportLocationRequest, SupportMessage } from '@tradehall/contracts';
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { refreshSupport, supportKeys } from '../query-keys.ts';

export function shareSupportLocation(request: SupportLocationRequest): Promise<SupportMessage> {
  return call(supportEndpoints.shareLocation, { body: request });
}

export function useShareSupportLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: supportKeys.shareLocation,
    mutationFn: shareSupportLocation,
    onSuccess: () => refreshSupport(queryClient),
  });
}
