/**
 * The committed positions' SQL: a round's leaves as the database holds them (the owner commitment made
 * here, with PostgreSQL's own SHA-256, from the user id and the position's salt: the salt never leaves
 * this statement), the round's sealed root, and one position's salt for its owner.
 */
import { POSITION_OWNER_TAG } from '@tradehall/domain';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { BetCategoryColumn, RoundStatusColumn } from '../../platform/db/schema.ts';

export interface LeafRow {
  id: string;
  owner_commitment: string;
  bet_category: BetCategoryColumn;
  bet_type: string | null;
  bet_number: number | null;
  amount: number;
  multiplier: number;
}

export interface SealedRoundRow {
  id: string;
  issue: string;
  status: RoundStatusColumn;
  seals_at: Date;
  sum: number | null;
  positions_root: string | null;
  positions_count: number | null;
  positions_version: number | null;
}

export class PositionProofsRepository {
  /** Every position of the round as a leaf, in canonical order (position id ascending). */
  async leaves(executor: Executor, roundId: string): Promise<LeafRow[]> {
    const result = await sql<LeafRow>`
      select p.id::text as id,
        encode(sha256(convert_to(${`${POSITION_OWNER_TAG}|`} || p.user_id::text || '|' || p.owner_salt, 'UTF8')),
          'hex') as owner_commitment,
        p.bet_category, p.bet_type, p.bet_number, p.amount, p.multiplier
      from positions p
      where p.round_id = ${roundId}
      order by p.id
    `.execute(executor);
    return result.rows;
  }

  round(executor: Executor, roundId: string): Promise<SealedRoundRow | undefined> {
    return executor
      .selectFrom('rounds')
      .select([
        'id',
        'issue',
        'status',
        'seals_at',
        'sum',
        'positions_root',
        'positions_count',
        'positions_version',
      ])
      .where('id', '=', roundId)
      .executeTakeFirst();
  }

  /** The user's own position: its round and salt (undefined for anyone else's). */
  ownPosition(
    executor: Executor,
    userId: string,
    positionId: string,
  ): Promise<{ round_id: string; owner_salt: string } | undefined> {
    return executor
      .selectFrom('positions')
      .select(['round_id', 'owner_salt'])
      .where('id', '=', positionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }
}
