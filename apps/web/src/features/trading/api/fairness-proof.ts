/** GET /fairness/rounds/:id: everything needed to verify a drawn round offline, beacon included. */
import type { FairnessProof } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';

export function fetchFairnessProof(roundId: string, signal?: AbortSignal): Promise<FairnessProof> {
  return api.get<FairnessProof>(`/fairness/rounds/${encodeURIComponent(roundId)}`, undefined, signal);
}
