/** Trading: rooms and their rounds, taking positions, the records of them, the market figures, the proofs. */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { idField } from '../fields.ts';
import { pageQuerySchema } from '../funding.ts';
import {
  enterRoomResponseSchema,
  fairnessProofSchema,
  marketOverviewSchema,
  placePositionRequestSchema,
  positionPageSchema,
  positionSchema,
  revenuePageSchema,
  roomListSchema,
  roomSchema,
  roundDetailSchema,
  roundPageSchema,
} from '../trading.ts';

const idParams = z.strictObject({ id: idField });

export const roomEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/rooms',
    access: 'optional',
    tags: ['trading'],
    summary:
      'Every room with its limits and current round. With a valid bearer token, `qualified` and ' +
      '`missingForEntry` are the viewer’s; without, false and the entry minimum',
    status: 200,
    response: roomListSchema,
    // Signed out: one shared copy for everyone, so an unchanged list costs a 304.
    conditional: true,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/rooms/:id',
    access: 'optional',
    tags: ['trading'],
    summary: 'One room, its limits and its current round (with the commitment of the open round)',
    params: idParams,
    status: 200,
    response: roomSchema,
    conditional: true,
    errors: [],
  }),
  enter: endpoint({
    method: 'POST',
    path: '/rooms/:id/enter',
    access: 'user',
    tags: ['trading'],
    summary: 'Enter a room: ENTRY_MINIMUM_NOT_MET (with the amount missing) unless my balance meets it',
    params: idParams,
    status: 200,
    response: enterRoomResponseSchema,
    errors: ['ENTRY_MINIMUM_NOT_MET'],
  }),
  rounds: endpoint({
    method: 'GET',
    path: '/rooms/:id/rounds',
    access: 'public',
    tags: ['trading'],
    summary: 'A room’s rounds, newest first; hash, digits and sum only once a round is drawn',
    params: idParams,
    query: pageQuerySchema,
    status: 200,
    response: roundPageSchema,
    errors: [],
  }),
  round: endpoint({
    method: 'GET',
    path: '/rounds/:id',
    access: 'user',
    tags: ['trading'],
    summary: 'A round and my positions in it',
    params: idParams,
    status: 200,
    response: roundDetailSchema,
    errors: [],
  }),
} as const;

export const positionEndpoints = {
  place: endpoint({
    method: 'POST',
    path: '/rounds/:id/positions',
    access: 'user',
    tags: ['trading'],
    summary:
      'Take a position while the round is open and before seals_at by the server’s clock ' +
      '(ROUND_NOT_OPEN after). The stake moves to escrow at once; the odds are frozen. Idempotent by key',
    params: idParams,
    body: placePositionRequestSchema,
    status: 201,
    response: positionSchema,
    errors: [
      'ROUND_NOT_OPEN',
      'ROOM_PAUSED',
      'ENTRY_MINIMUM_NOT_MET',
      'STAKE_BELOW_MINIMUM',
      'STAKE_ABOVE_MAXIMUM',
      'INSUFFICIENT_FUNDS',
      'IDEMPOTENCY_CONFLICT',
    ],
  }),
  list: endpoint({
    method: 'GET',
    path: '/positions',
    access: 'user',
    tags: ['trading'],
    summary: 'My positions (investment records), newest first',
    query: pageQuerySchema,
    status: 200,
    response: positionPageSchema,
    errors: [],
  }),
  revenue: endpoint({
    method: 'GET',
    path: '/revenue',
    access: 'user',
    tags: ['trading'],
    summary: 'My settled profit and loss per round (revenue records), newest first',
    query: pageQuerySchema,
    status: 200,
    response: revenuePageSchema,
    errors: [],
  }),
} as const;

export const marketEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/market/overview',
    access: 'public',
    tags: ['trading'],
    summary:
      'Trading date (UTC), today’s volume and trading users, and per room the current round, the ' +
      'last settled sums with their long/short/single/double frequencies and the last round’s profit',
    status: 200,
    response: marketOverviewSchema,
    conditional: true,
    errors: [],
  }),
} as const;

export const fairnessEndpoints = {
  proof: endpoint({
    method: 'GET',
    path: '/fairness/rounds/:id',
    access: 'public',
    tags: ['trading'],
    summary:
      'Everything needed to verify a drawn round offline: issue, salt, revealed hash, the hash it ' +
      'links to, the chain’s terminal hash and the digits (docs/fairness/README.md)',
    params: idParams,
    status: 200,
    response: fairnessProofSchema,
    errors: [],
  }),
} as const;
