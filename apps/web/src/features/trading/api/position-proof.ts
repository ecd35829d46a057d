/**
 * GET /position-proofs/positions/:id: my position's inclusion proof, checked here in the browser against
 * the root this device kept at the seal (or, if it never saw the seal, the root the proof names).
 */
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { PositionProof } from '@tradehall/contracts';
import { positionProofEndpoints } from '@tradehall/contracts/endpoints';
import { verifyOwnPosition } from '@tradehall/domain';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';
import { sealedRootSeen } from '../sealed-roots.ts';

export function fetchPositionProof(id: string, signal?: AbortSignal): Promise<PositionProof> {
  return call(positionProofEndpoints.position, { params: { id }, signal });
}

/** True when the proof verifies against the kept (or named) root; a settled position's proof never changes. */
export function checkPositionProof(proof: PositionProof): boolean {
  const { leaf, userId, ownerSalt, index, leafCount, siblings, roundId } = proof;
  const root = sealedRootSeen(roundId) ?? proof.root;
  if (root !== proof.root) return false;
  return verifyOwnPosition(
    { leaf: { ...leaf, roundId }, userId, ownerSalt, proof: { index, leafCount, siblings } },
    roundId,
    root,
  );
}

/** The proof as answered; the verification page checks it against the round's published root itself. */
export const positionProofQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tradingKeys.positionProof(id),
    queryFn: ({ signal }) => fetchPositionProof(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function usePositionProofCheck(id: string, enabled: boolean) {
  return useQuery({ ...positionProofQueryOptions(id), select: checkPositionProof, enabled });
}

/** Several of my positions' proofs at once (the verification page: every position of one round). */
export function usePositionProofs(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => positionProofQueryOptions(id)) });
}
