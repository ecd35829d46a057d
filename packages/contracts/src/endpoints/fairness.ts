/** The public proof of a drawn round. */
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { fairnessProofSchema } from '../fairness.ts';

export const fairnessEndpoints = {
  proof: endpoint({
    method: 'GET',
    path: '/fairness/rounds/:id',
    access: 'public',
    tags: ['trading'],
    summary:
      'Everything needed to verify a drawn round offline: issue, salt, revealed hash, the hash it ' +
      'links to, the chain’s terminal hash and the digits (docs/fairness/README.md)',
    params: idParamsSchema,
    status: 200,
    response: fairnessProofSchema,
    errors: [],
  }),
} as const;
