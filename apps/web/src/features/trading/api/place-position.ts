/**
 * POST /rounds/:id/positions: a bet and an amount (cents) with the submission's idempotency key. Taken
 * only while the round is open by the server's clock (else ROUND_NOT_OPEN, "Disk sealed, wait for
 * result"); the stake leaves the balance at once, so the account and the records are refreshed, and the
 * new position joins the round's own list without waiting for a refetch.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacePositionRequest, PositionView, RoundDetail } from '@tradehall/contracts';
import { positionEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { refreshAfterTrade, tradingKeys } from '../query-keys.ts';

export function placePosition(roundId: string, request: PlacePositionRequest): Promise<PositionView> {
  return call(positionEndpoints.place, { params: { id: roundId }, body: request });
}

export function usePlacePosition(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlacePositionRequest) => placePosition(roundId, request),
    onSuccess: (position) => {
      queryClient.setQueryData<RoundDetail>(tradingKeys.round(roundId), (detail) =>
        detail
          ? {
              ...detail,
              myPositions: [position, ...detail.myPositions.filter((item) => item.id !== position.id)],
            }
          : detail,
      );
      refreshAfterTrade(queryClient);
    },
  });
}
