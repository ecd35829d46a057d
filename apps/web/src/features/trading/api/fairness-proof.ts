/** GET /fairness/rounds/:id: everything needed to verify a drawn round offline, beacon included. */
import type { FairnessProof } from '@tradehall/contracts';
import { fairnessEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function fetchFairnessProof(roundId: string, signal?: AbortSignal): Promise<FairnessProof> {
  return call(fairnessEndpoints.proof, { params: { id: roundId }, signal });
}
