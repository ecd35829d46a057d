/** Position rows to the wire shape (contracts' positionSchema). */
import type { BetInput, PositionView } from '@tradehall/contracts';
import type { BothSidesBet } from '@tradehall/domain';
import { toUnixSeconds } from '../../platform/clock.ts';
import type { BetCategoryColumn } from '../../platform/db/schema.ts';
import type { PositionViewRow } from './positions.repository.ts';

export function toBet(row: {
  bet_category: BetCategoryColumn;
  bet_type: string | null;
  bet_number: number | null;
}): BetInput {
  if (row.bet_category === 'both_sides')
    return { category: 'both_sides', type: row.bet_type as BothSidesBet };
  return { category: 'special_number', number: Number(row.bet_number) };
}

export function toPositionView(row: PositionViewRow): PositionView {
  return {
    id: row.id,
    roundId: row.round_id,
    roomId: row.room_id,
    tier: row.tier,
    issue: row.issue,
    bet: toBet(row),
    amount: row.amount,
    multiplier: row.multiplier,
    status: row.status,
    payout: row.payout,
    createdAt: toUnixSeconds(row.created_at),
    settledAt: row.settled_at ? toUnixSeconds(row.settled_at) : null,
  };
}
