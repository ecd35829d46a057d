/**
 * GET /liabilities/snapshots/:id/proof: the signed-in user's proof of inclusion. Not retried: a missing
 * leaf (NOT_FOUND) is an answer the page shows, not a failure to hide.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { liabilitiesEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { liabilitiesKeys } from '../query-keys.ts';

export const myProofQueryOptions = (snapshotId: string) =>
  queryOptions({
    queryKey: liabilitiesKeys.proof(snapshotId),
    queryFn: ({ signal }) => call(liabilitiesEndpoints.myProof, { params: { id: snapshotId }, signal }),
    retry: false,
  });

export function useMyProof(snapshotId: string | null) {
  return useQuery({ ...myProofQueryOptions(snapshotId ?? ''), enabled: snapshotId !== null });
}
