/**
 * GET /position-proofs/rounds/:id (public): the positions a round committed at its seal, as the server
 * holds them now (owners only as salted commitments) and, once settled, what the ledger moved for them.
 * Checked in the browser by the verification page; asked for again on each visit, since the point is to
 * catch a set that changed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommittedRound } from '@tradehall/contracts';
import { positionProofEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';

export function fetchCommittedRound(roundId: string, signal?: AbortSignal): Promise<CommittedRound> {
  return call(positionProofEndpoints.round, { params: { id: roundId }, signal });
}

export const committedRoundQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: tradingKeys.committedRound(roundId),
    queryFn: ({ signal }) => fetchCommittedRound(roundId, signal),
    retry: false,
  });

export function useCommittedRound(roundId: string, enabled: boolean) {
  return useQuery({ ...committedRoundQueryOptions(roundId), enabled });
}
