/** Positions: taking one, the investment records and the revenue per round. */
import { idParamsSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  placePositionRequestSchema,
  positionPageSchema,
  positionSchema,
  revenuePageSchema,
} from '../positions.ts';

export const positionEndpoints = {
  place: endpoint({
    method: 'POST',
    path: '/rounds/:id/positions',
    access: 'user',
    tags: ['trading'],
    summary:
      'Take a position while the round is open and before seals_at by the server’s clock ' +
      '(ROUND_NOT_OPEN after). The stake moves to escrow at once; the odds are frozen. Idempotent by key',
    params: idParamsSchema,
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
      'PLAY_LIMIT_LOSS_DAY',
      'PLAY_LIMIT_LOSS_WEEK',
      'PLAY_LIMIT_LOSS_MONTH',
      'PLAY_LIMIT_STAKE_ROUND',
      'PLAY_BREAK_RUNNING',
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
