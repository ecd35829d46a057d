/**
 * The committed positions' SQL: a round's leaves as the database holds them (the owner commitment made
 * here, with PostgreSQL's own SHA-256, from the user id and the position's salt: the salt never leaves
 * this statement), the round's leaf hashes for the seal, the round's sealed root, and one position's
 * salt for its owner.
 */
import { POSITION_LEAF_TAG, POSITION_OWNER_TAG } from '@tradehall/domain';
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

export interface LeafHashesRow {
  /** The leaf hashes end to end, 32 bytes each, in canonical order (position id ascending). */
  hashes: Uint8Array;
  count: number;
  /** Positions whose amount is past 2^53 - 1: the domain refuses such a leaf (not a safe integer). */
  unsafe: number;
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

  /**
   * The seal's fast path: every position's leaf hash made here, in one statement answering one row, so
   * 100,000 positions cost no row objects and no JS hashing. It restates the domain's leaf encoding
   * (packages/domain/src/books/position-leaf.ts, position-merkle.ts: SHA-256 of 0x00 and the leaf's
   * text); a test compares it with the domain's on random positions on both drivers. `order by p.id`
   * sorts uuids by their bytes, the order of their lowercase text (the domain's canonical order). The
   * round's id goes in as given (the where clause makes it every row's; the caller checks its shape, as
   * the domain does). A row whose text came out null would be left out by string_agg: the caller checks
   * the length.
   */
  async leafHashes(executor: Executor, roundId: string): Promise<LeafHashesRow> {
    const result = await sql<LeafHashesRow>`
      select coalesce(string_agg(sha256(decode('00', 'hex') || convert_to(
          ${`${POSITION_LEAF_TAG}|${roundId}|`} || p.id::text || '|'
          || encode(sha256(convert_to(${`${POSITION_OWNER_TAG}|`} || p.user_id::text || '|' || p.owner_salt,
            'UTF8')), 'hex')
          || '|' || p.bet_category || ':'
          || case when p.bet_category = 'both_sides' then p.bet_type else p.bet_number::text end
          || '|' || p.amount::text || '|' || p.multiplier::text, 'UTF8')), ''::bytea order by p.id),
          ''::bytea) as hashes,
        count(*)::int as count,
        count(*) filter (where p.amount > 9007199254740991)::int as unsafe
      from positions p
      where p.round_id = ${roundId}
    `.execute(executor);
    const row = result.rows[0];
    if (!row) throw new Error('an aggregate answered no row');
    return row;
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
