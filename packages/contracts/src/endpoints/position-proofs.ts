/** Positions committed at the seal: a round's committed set (public) and a position's proof (its owner). */
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { committedRoundSchema, positionProofSchema } from '../position-proofs.ts';

export const positionProofEndpoints = {
  round: endpoint({
    method: 'GET',
    path: '/position-proofs/rounds/:id',
    access: 'public',
    tags: ['trading'],
    summary:
      'The root committed when the round sealed, every committed leaf (owners only as salted ' +
      'commitments) and, once settled, the stakes and payouts the ledger moved for it ' +
      '(docs/trust/positions.md). NOT_FOUND before the seal',
    params: idParamsSchema,
    status: 200,
    response: committedRoundSchema,
    errors: [],
  }),
  position: endpoint({
    method: 'GET',
    path: '/position-proofs/positions/:id',
    access: 'user',
    tags: ['trading'],
    summary:
      'My position’s inclusion proof against its round’s sealed root, with the salt that opens its owner ' +
      'commitment. NOT_FOUND for a position that is not mine or whose round is not sealed yet',
    params: idParamsSchema,
    status: 200,
    response: positionProofSchema,
    errors: [],
  }),
} as const;
