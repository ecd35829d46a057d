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
  /** SHA-256 of 0x00 and the leaf's text, 32 bytes. */
  leaf_hash: Uint8Array;
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

/**
 * The round's positions as `l`, each with its owner commitment (SHA-256 of the owner tag, the user id and
 * the salt, in hex). `offset 0` keeps it a subquery of its own, so the commitment is made once per row
 * even where both the leaf and the answer use it (pulled up, PostgreSQL would copy the expression).
 */
function roundPositions(roundId: string) {
  return sql`(
    select p.id, p.bet_category, p.bet_type, p.bet_number, p.amount, p.multiplier,
      encode(sha256(convert_to(${`${POSITION_OWNER_TAG}|`} || p.user_id::text || '|' || p.owner_salt, 'UTF8')),
        'hex') as owner_commitment
    from positions p
    where p.round_id = ${roundId}
    offset 0
  ) l`;
}

/**
 * The leaf hash of the row `l`: SHA-256 of 0x00 and the leaf's text. It restates the domain's encoding
 * (packages/domain/src/books/position-leaf.ts leafText, position-merkle.ts leafHash); a test compares it
 * with the domain's on random positions on both drivers. The round's id goes in as given (roundPositions
 * makes it every row's; the caller checks its shape, as the domain does). The prefix byte is written
 * decode('00', 'hex'): a NUL in the statement's text would end it early on the wire.
 */
function leafHash(roundId: string) {
  return sql`sha256(decode('00', 'hex') || convert_to(${`${POSITION_LEAF_TAG}|${roundId}|`} || l.id::text
    || '|' || l.owner_commitment || '|' || l.bet_category || ':'
    || case when l.bet_category = 'both_sides' then l.bet_type else l.bet_number::text end
    || '|' || l.amount::text || '|' || l.multiplier::text, 'UTF8'))`;
}

export class PositionProofsRepository {
  /**
   * Every position of the round as a leaf, in canonical order (position id ascending), with its leaf
   * hash made here (leafHash above): the proofs' tree hashes only its nodes.
   */
  async leaves(executor: Executor, roundId: string): Promise<LeafRow[]> {
    const result = await sql<LeafRow>`
      select l.id::text as id, l.owner_commitment, l.bet_category, l.bet_type, l.bet_number, l.amount,
        l.multiplier, ${leafHash(roundId)} as leaf_hash
      from ${roundPositions(roundId)}
      order by l.id
    `.execute(executor);
    return result.rows;
  }

  /**
   * The seal's fast path: every position's leaf hash, end to end in one statement answering one row, so
   * 100,000 positions cost no row objects and no JS hashing. `order by l.id` sorts uuids by their bytes,
   * the order of their lowercase text (the domain's canonical order). A row whose hash came out null
   * would be left out by string_agg: the caller checks the length.
   */
  async leafHashes(executor: Executor, roundId: string): Promise<LeafHashesRow> {
    const result = await sql<LeafHashesRow>`
      select coalesce(string_agg(${leafHash(roundId)}, ''::bytea order by l.id), ''::bytea) as hashes,
        count(*)::int as count,
        count(*) filter (where l.amount > 9007199254740991)::int as unsafe
      from ${roundPositions(roundId)}
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
