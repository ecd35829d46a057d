/**
 * Rounds: the only SQL about them. Every status change is a conditional update (`WHERE status = <from>`
 * and the schedule's time has come), so replaying one — after a crash, or by a second scheduler — changes
 * nothing.
 */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, RoundStatusColumn } from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

/** What the engine needs of a round. */
export interface RoundState {
  id: string;
  roomId: string;
  chainId: string;
  chainIndex: number;
  issue: string;
  sequence: number;
  status: RoundStatusColumn;
  opensAt: Date;
  sealsAt: Date;
  drawsAt: Date;
  settlesAt: Date;
  createdAt: Date;
  /** Fairness v2: the beacon round planned at opening (null under v1), and whether the digits are drawn. */
  beaconRound: number | null;
  beaconChainHash: string | null;
  drawn: boolean;
}

/** Fairness v2: the beacon network and round a round must draw with, fixed when it opens. */
export interface PlannedBeacon {
  kind: 'drand' | 'local';
  chainHash: string;
  publicKey: string;
  genesis: number;
  period: number;
  round: number;
}

export interface NewRound {
  id: string;
  roomId: string;
  chainId: string;
  chainIndex: number;
  issue: string;
  sequence: number;
  opensAt: Date;
  sealsAt: Date;
  drawsAt: Date;
  settlesAt: Date;
  commitment: string;
  at: Date;
  beacon?: PlannedBeacon | null;
}

/** A round as the views need it: with its chain's public salt and terminal hash, and its distinct users. */
export interface RoundViewRow {
  id: string;
  room_id: string;
  issue: string;
  status: RoundStatusColumn;
  opens_at: Date;
  seals_at: Date;
  draws_at: Date;
  settles_at: Date;
  settled_at: Date | null;
  commitment: string;
  hash: string | null;
  digits: number[] | null;
  sum: number | null;
  beacon_kind: 'drand' | 'local' | null;
  beacon_round: number | null;
  void_reason: string | null;
  positions_root: string | null;
  positions_count: number | null;
  positions_version: number | null;
  stake_total: number;
  payout_total: number;
  created_at: Date;
  salt: string;
  terminal_hash: string;
  user_count: number;
}

/** A round as the console lists it. */
export interface ParticipantOutcomeRow {
  userId: string;
  balance: number;
  totalDeposited: number;
  totalStaked: number;
  /** Cents and unix seconds, as JSON numbers (a stake or payout is far below 2^53). */
  positions: Array<{
    id: string;
    status: 'open' | 'won' | 'lost' | 'refunded';
    payout: number | null;
    settledAt: number | null;
  }>;
}

export interface AdminRoundRow {
  id: string;
  issue: string;
  status: RoundStatusColumn;
  opens_at: Date;
  seals_at: Date;
  draws_at: Date;
  settled_at: Date | null;
  chain_id: string;
  chain_index: number;
  commitment: string;
  hash: string | null;
  digits: number[] | null;
  sum: number | null;
  payout_total: number;
  created_at: Date;
  position_count: number;
  user_count: number;
  staked: number;
}

const STATE_COLUMNS = [
  'id',
  'room_id',
  'chain_id',
  'chain_index',
  'issue',
  'sequence',
  'status',
  'opens_at',
  'seals_at',
  'draws_at',
  'settles_at',
  'created_at',
  'beacon_round',
  'beacon_chain_hash',
  'sum',
] as const;

function toState(row: {
  id: string;
  room_id: string;
  chain_id: string;
  chain_index: number;
  issue: string;
  sequence: number;
  status: RoundStatusColumn;
  opens_at: Date;
  seals_at: Date;
  draws_at: Date;
  settles_at: Date;
  created_at: Date;
  beacon_round: number | null;
  beacon_chain_hash: string | null;
  sum: number | null;
}): RoundState {
  return {
    id: row.id,
    roomId: row.room_id,
    chainId: row.chain_id,
    chainIndex: row.chain_index,
    issue: row.issue,
    sequence: row.sequence,
    status: row.status,
    opensAt: row.opens_at,
    sealsAt: row.seals_at,
    drawsAt: row.draws_at,
    settlesAt: row.settles_at,
    createdAt: row.created_at,
    beaconRound: row.beacon_round === null ? null : Number(row.beacon_round),
    beaconChainHash: row.beacon_chain_hash,
    drawn: row.sum !== null,
  };
}

export class RoundsRepository {
  /** Every round not yet settled or void, oldest first: what the engine must advance. */
  async unfinished(executor: Executor): Promise<RoundState[]> {
    const rows = await executor
      .selectFrom('rounds')
      .select(STATE_COLUMNS)
      .where('status', 'in', ['open', 'sealed', 'drawing'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toState);
  }

  /** Each room's most recent round (one index probe per room). */
  async latestPerRoom(executor: Executor): Promise<Map<string, RoundState>> {
    const result = await sql<Parameters<typeof toState>[0]>`
      select l.* from rooms rm
      join lateral (
        select ${sql.join(STATE_COLUMNS.map((column) => sql.ref(`r.${column}`)))}
        from rounds r where r.room_id = rm.id
        order by r.created_at desc, r.id desc limit 1
      ) l on true
    `.execute(executor);
    return new Map(result.rows.map((row) => [row.room_id, toState(row)]));
  }

  async findState(executor: Executor, id: string): Promise<RoundState | undefined> {
    const row = await executor
      .selectFrom('rounds')
      .select(STATE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toState(row);
  }

  async insert(trx: Transaction<DB>, round: NewRound): Promise<RoundState> {
    const row = await trx
      .insertInto('rounds')
      .values({
        id: round.id,
        room_id: round.roomId,
        chain_id: round.chainId,
        chain_index: round.chainIndex,
        issue: round.issue,
        sequence: round.sequence,
        status: 'open',
        opens_at: round.opensAt,
        seals_at: round.sealsAt,
        draws_at: round.drawsAt,
        settles_at: round.settlesAt,
        settled_at: null,
        commitment: round.commitment,
        hash: null,
        digits: null,
        sum: null,
        created_at: round.at,
        beacon_kind: round.beacon?.kind ?? null,
        beacon_chain_hash: round.beacon?.chainHash ?? null,
        beacon_public_key: round.beacon?.publicKey ?? null,
        beacon_genesis: round.beacon?.genesis ?? null,
        beacon_period: round.beacon?.period ?? null,
        beacon_round: round.beacon?.round ?? null,
      })
      .returning(STATE_COLUMNS)
      .executeTakeFirstOrThrow();
    return toState(row);
  }

  /**
   * open -> sealed once seals_at has come. The UPDATE takes the round row's lock, so it waits for every
   * placement holding the row FOR SHARE: no position can be accepted after the seal.
   */
  async seal(executor: Executor, id: string, to: RoundStatusColumn, now: Date): Promise<boolean> {
    const result = await executor
      .updateTable('rounds')
      .set({ status: to })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('seals_at', '<=', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The positions committed at the seal, written in the sealing transaction. */
  async setPositionsRoot(
    trx: Transaction<DB>,
    id: string,
    commitment: { root: string; leafCount: number; version: number },
  ): Promise<void> {
    await trx
      .updateTable('rounds')
      .set({
        positions_root: commitment.root,
        positions_count: commitment.leafCount,
        positions_version: commitment.version,
      })
      .where('id', '=', id)
      .execute();
  }

  /** sealed -> drawing once draws_at has come, revealing the hash and the digits it gives. */
  async draw(
    executor: Executor,
    id: string,
    to: RoundStatusColumn,
    now: Date,
    result: { hash: string; digits: readonly number[]; sum: number },
  ): Promise<boolean> {
    const updated = await executor
      .updateTable('rounds')
      .set({ status: to, hash: result.hash, digits: [...result.digits], sum: result.sum })
      .where('id', '=', id)
      .where('status', '=', 'sealed')
      .where('draws_at', '<=', now)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n;
  }

  /**
   * Fairness v2, sealed -> drawing once draws_at has come, revealing the chain hash (the next round's
   * commitment) but no digits: they wait for the verified beacon value (drawWithBeacon).
   */
  async startDrawing(
    executor: Executor,
    id: string,
    to: RoundStatusColumn,
    now: Date,
    hash: string,
  ): Promise<boolean> {
    const updated = await executor
      .updateTable('rounds')
      .set({ status: to, hash })
      .where('id', '=', id)
      .where('status', '=', 'sealed')
      .where('draws_at', '<=', now)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n;
  }

  /**
   * Fairness v2: the digits from the chain hash and the verified beacon value, once, on a round that is
   * sealed (and due) or already drawing without digits.
   */
  async drawWithBeacon(
    executor: Executor,
    id: string,
    to: RoundStatusColumn,
    now: Date,
    result: {
      hash: string;
      digits: readonly number[];
      sum: number;
      beaconSignature: string;
      beaconRandomness: string;
    },
  ): Promise<boolean> {
    const updated = await executor
      .updateTable('rounds')
      .set({
        status: to,
        hash: result.hash,
        digits: [...result.digits],
        sum: result.sum,
        beacon_signature: result.beaconSignature,
        beacon_randomness: result.beaconRandomness,
      })
      .where('id', '=', id)
      .where('status', 'in', ['sealed', 'drawing'])
      .where('sum', 'is', null)
      .where('draws_at', '<=', now)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n;
  }

  /** Why a round was voided, written in the voiding transaction. */
  async setVoidReason(trx: Transaction<DB>, id: string, reason: string): Promise<void> {
    await trx.updateTable('rounds').set({ void_reason: reason }).where('id', '=', id).execute();
  }

  /**
   * The settlement's claim on a round: moves it from one of `from` to `to` (settled or void) and
   * returns its sum, or undefined when it is not in `from` (already settled by someone else, or not
   * drawn yet). A concurrent claimant waits on the row lock and then finds the status changed.
   */
  async claimFinal(
    trx: Transaction<DB>,
    id: string,
    from: readonly RoundStatusColumn[],
    to: 'settled' | 'void',
    now: Date,
  ): Promise<{ sum: number | null; issue: string; roomId: string } | undefined> {
    let query = trx
      .updateTable('rounds')
      .set({ status: to, settled_at: now })
      .where('id', '=', id)
      .where('status', 'in', [...from]);
    if (to === 'settled') query = query.where('settles_at', '<=', now);
    const row = await query.returning(['sum', 'issue', 'room_id']).executeTakeFirst();
    return row && { sum: row.sum, issue: row.issue, roomId: row.room_id };
  }

  async setTotals(
    trx: Transaction<DB>,
    id: string,
    totals: { staked: number; paid: number; positions: number },
  ): Promise<void> {
    await trx
      .updateTable('rounds')
      .set({ stake_total: totals.staked, payout_total: totals.paid, position_count: totals.positions })
      .where('id', '=', id)
      .execute();
  }

  // ---- views ------------------------------------------------------------------------------------------

  private viewQuery(executor: Executor) {
    return executor
      .selectFrom('rounds as r')
      .innerJoin('fairness_chains as c', 'c.id', 'r.chain_id')
      .leftJoin('round_figures as f', 'f.round_id', 'r.id')
      .select([
        'r.id',
        'r.room_id',
        'r.issue',
        'r.status',
        'r.opens_at',
        'r.seals_at',
        'r.draws_at',
        'r.settles_at',
        'r.settled_at',
        'r.commitment',
        'r.hash',
        'r.digits',
        'r.sum',
        'r.beacon_kind',
        'r.beacon_round',
        'r.void_reason',
        'r.positions_root',
        'r.positions_count',
        'r.positions_version',
        'r.stake_total',
        'r.payout_total',
        'r.created_at',
        'c.salt',
        'c.terminal_hash',
        // Kept by the positions trigger (migration 0008): one row, however many positions the round has.
        sql<number>`coalesce(f.user_count, 0)`.as('user_count'),
      ]);
  }

  findView(executor: Executor, id: string): Promise<RoundViewRow | undefined> {
    return this.viewQuery(executor).where('r.id', '=', id).executeTakeFirst();
  }

  /** Each room's current round: its most recent one. */
  async currentViews(executor: Executor, roomIds: readonly string[]): Promise<Map<string, RoundViewRow>> {
    if (roomIds.length === 0) return new Map();
    const latest = await this.latestPerRoom(executor);
    const ids = roomIds.flatMap((roomId) => {
      const round = latest.get(roomId);
      return round ? [round.id] : [];
    });
    if (ids.length === 0) return new Map();
    const rows = await this.viewQuery(executor).where('r.id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.room_id, row]));
  }

  /** A room's rounds, newest first, `limit` + 1 rows. */
  listForRoom(
    executor: Executor,
    roomId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<RoundViewRow[]> {
    const query = this.viewQuery(executor).where('r.room_id', '=', roomId);
    return paginate(query, cursor, limit, ['r.created_at', 'r.id']).execute();
  }

  /**
   * A room's rounds for the console, newest first, `limit` + 1 rows: chain, index and the positions
   * summary counted from the positions themselves (so an open round shows its stakes so far).
   */
  adminListForRoom(
    executor: Executor,
    roomId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<AdminRoundRow[]> {
    const query = executor
      .selectFrom('rounds as r')
      .leftJoin('round_figures as f', 'f.round_id', 'r.id')
      .select([
        'r.id',
        'r.issue',
        'r.status',
        'r.opens_at',
        'r.seals_at',
        'r.draws_at',
        'r.settled_at',
        'r.chain_id',
        'r.chain_index',
        'r.commitment',
        'r.hash',
        'r.digits',
        'r.sum',
        'r.payout_total',
        'r.created_at',
        sql<number>`coalesce(f.position_count, 0)`.as('position_count'),
        sql<number>`coalesce(f.user_count, 0)`.as('user_count'),
        sql<number>`coalesce(f.stake_total, 0)`.as('staked'),
      ])
      .where('r.room_id', '=', roomId);
    return paginate(query, cursor, limit, ['r.created_at', 'r.id']).execute();
  }

  /** Every user with a position in the round, with their cash balance now (for balance events). */
  /**
   * Each participant of the round with their account figures after the settlement (or void) and their
   * positions' results, one row per user (aggregated in the database: a 100,000-position round is 1,000
   * rows here, not 100,000): what each participant is told (round.outcome). Read once per final round.
   */
  async participantOutcomes(executor: Executor, roundId: string): Promise<ParticipantOutcomeRow[]> {
    const result = await sql<{
      user_id: string;
      balance: number;
      total_deposited: number;
      total_staked: number;
      positions: Array<
        [string, ParticipantOutcomeRow['positions'][number]['status'], number | null, number | null]
      >;
    }>`
      select o.user_id, a.balance, a.total_deposited, a.total_staked, o.positions
      from (
        select p.user_id,
          json_agg(json_build_array(p.id, p.status, p.payout, floor(extract(epoch from p.settled_at))::bigint))
            as positions
        from positions p
        where p.round_id = ${roundId}
        group by p.user_id
      ) o
      join ledger_accounts a on a.user_id = o.user_id and a.kind = 'user_cash'
    `.execute(executor);
    return result.rows.map((row) => ({
      userId: row.user_id,
      balance: row.balance,
      totalDeposited: row.total_deposited,
      totalStaked: row.total_staked,
      positions: row.positions.map(([id, status, payout, settledAt]) => ({ id, status, payout, settledAt })),
    }));
  }

  /** The room's last settled rounds, newest first (the market trends). */
  async recentSettled(
    executor: Executor,
    roomId: string,
    limit: number,
  ): Promise<Array<{ issue: string; sum: number; settledAt: Date; profit: number }>> {
    const rows = await executor
      .selectFrom('rounds')
      .select(['issue', 'sum', 'settled_at', 'stake_total', 'payout_total'])
      .where('room_id', '=', roomId)
      .where('status', '=', 'settled')
      .orderBy('settled_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      issue: row.issue,
      sum: row.sum ?? 0,
      settledAt: row.settled_at ?? new Date(0),
      profit: row.payout_total - row.stake_total,
    }));
  }
}
