/**
 * Positions: the only SQL about them — the placement's one locking read, the insert, the set-based
 * settlement and refund updates (and the transfer sets the ledger posts from them), and the records.
 */
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { PREPARED } from '../../platform/db/database.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type {
  BetCategoryColumn,
  DB,
  PositionStatusColumn,
  RoomTierColumn,
  RoundStatusColumn,
} from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

/** What placing a position needs, read in ONE statement with the round row locked FOR SHARE. */
export interface PlacementContext {
  roundId: string;
  status: RoundStatusColumn;
  sealsAt: Date;
  issue: string;
  roomId: string;
  tier: RoomTierColumn;
  entryMinimum: number;
  stakeMinimum: number;
  stakeMaximum: number;
  houseEdgeBps: number;
  paused: boolean;
  accountId: string;
  balance: number;
}

export interface NewPosition {
  id: string;
  roundId: string;
  roomId: string;
  userId: string;
  accountId: string;
  betCategory: BetCategoryColumn;
  betType: string | null;
  betNumber: number | null;
  amount: number;
  multiplier: number;
  at: Date;
}

/** A position with its round's issue and room's tier, as the records show it. */
export interface PositionViewRow {
  id: string;
  round_id: string;
  room_id: string;
  tier: RoomTierColumn;
  issue: string;
  bet_category: BetCategoryColumn;
  bet_type: string | null;
  bet_number: number | null;
  amount: number;
  multiplier: number;
  status: PositionStatusColumn;
  payout: number | null;
  created_at: Date;
  settled_at: Date | null;
}

export interface RevenueRow {
  id: string;
  issue: string;
  room_id: string;
  tier: RoomTierColumn;
  staked: number;
  payout: number;
  /** The round's settled_at, named for the page cursor. */
  created_at: Date;
}

/** The outcome of a round's sum, computed by the domain: which bets win. */

export interface WinningSet {
  bothSides: readonly string[];
  numbers: readonly number[];
}

export interface SettledTotals {
  positions: number;
  staked: number;
  paid: number;
}

/** What never changes about a round once it exists: cached by the placement hot path. */
export interface RoundMeta {
  roomId: string;
  tier: RoomTierColumn;
  issue: string;
  sealsAt: Date;
}

/**
 * Positions to place in one statement, all into one round, at most one per user: each with its
 * idempotency claim (complete with its response) and the room settings the caller's checks assumed.
 */
export interface PlacementBatch {
  roundId: string;
  roomId: string;
  /** The server's clock when the batch was sent: every position's created_at, checked against seals_at. */
  at: Date;
  expected: { houseEdgeBps: number; entryMinimum: number; stakeMinimum: number; stakeMaximum: number };
  placements: readonly BatchedPlacement[];
}

export interface BatchedPlacement {
  id: string;
  userId: string;
  betCategory: BetCategoryColumn;
  betType: string | null;
  betNumber: number | null;
  amount: number;
  multiplier: number;
  /** The idempotency claim: the client's key, the request's hash and the response a replay returns. */
  key: string;
  requestHash: string;
  response: unknown;
}

/** The message abort_statement raises when a placement's claim was made but its debit was not. */
export const PLACEMENT_ABORTED = 'position not placed after its claim';

export class PositionsRepository {
  async roundMeta(executor: Executor, roundId: string): Promise<RoundMeta | undefined> {
    const row = await executor
      .selectFrom('rounds as r')
      .innerJoin('rooms as rm', 'rm.id', 'r.room_id')
      .select(['r.room_id', 'rm.tier', 'r.issue', 'r.seals_at'])
      .where('r.id', '=', roundId)
      .executeTakeFirst();
    return row && { roomId: row.room_id, tier: row.tier, issue: row.issue, sealsAt: row.seals_at };
  }

  /**
   * The placement hot path: a batch of positions in ONE statement (its own transaction). The round row
   * is locked FOR SHARE (the sealer's UPDATE waits for it) and must still be open with seals_at after
   * `at`; the room's current settings must equal the ones the caller's checks (and the frozen
   * multipliers) assumed. Per position, the stake must be within the room's limits and the balance must
   * meet the entry minimum and cover the stake, and its user must have no play limit nor break (those are
   * decided by the one-transaction path, which checks them). For each position passing all of that, in this order:
   *   1. its idempotency claim, written complete with its response (a key already used claims nothing);
   *   2. once EVERY claim is made, its cash account is locked, SKIP LOCKED: a batch never waits on an
   *      account (so it cannot deadlock with a settlement crediting several accounts in another order);
   *   3. the conditional debit (never below the stake nor the entry minimum), the stake transfer to
   *      escrow and the position.
   * A claim whose debit was not made (its account was locked by someone else, or its balance went down
   * meanwhile) aborts the whole statement: nothing of the batch is written. Returns the ids placed; the
   * caller takes the one-transaction path for every other position of the batch (or all of them after
   * an abort), which decides refusals and replays.
   *
   * The claim is the idempotency row as IdempotencyRepository.claim writes it, in set form; the account
   * locks, debits and stake transfers are the ledger's own SQL (`stakes`, LedgerRepository.batchStakes),
   * embedded so that a batch costs one statement.
   */
  async placeBatch(
    executor: Executor,
    batch: PlacementBatch,
    stakes: RawBuilder<unknown>,
  ): Promise<Set<string>> {
    const { expected } = batch;
    // The batch travels as ONE json parameter (one string to send, one value to parse) rather than an
    // array per column.
    const input = JSON.stringify(
      batch.placements.map((p) => ({
        user_id: p.userId,
        key: p.key,
        request_hash: p.requestHash,
        response: p.response,
        position_id: p.id,
        bet_category: p.betCategory,
        bet_type: p.betType,
        bet_number: p.betNumber,
        amount: p.amount,
        multiplier: p.multiplier,
      })),
    );
    const result = await sql<{ placed: string[] | null }>`${PREPARED}with input as (
        select * from json_to_recordset(${input}::json) as i (user_id uuid, key text, request_hash text,
          response jsonb, position_id uuid, bet_category text, bet_type text, bet_number smallint, amount bigint,
          multiplier integer)
      ),
      ctx as (
        select i.*, a.id as account_id
        from rounds r
        join rooms rm on rm.id = r.room_id
        cross join input i
        join ledger_accounts a on a.user_id = i.user_id and a.kind = 'user_cash'
        where r.id = ${batch.roundId} and r.room_id = ${batch.roomId} and r.status = 'open'
          and r.seals_at > ${batch.at} and not rm.paused
          and rm.house_edge_bps = ${expected.houseEdgeBps} and rm.entry_minimum = ${expected.entryMinimum}
          and rm.stake_minimum = ${expected.stakeMinimum} and rm.stake_maximum = ${expected.stakeMaximum}
          and i.amount between rm.stake_minimum and rm.stake_maximum
          and a.balance >= rm.entry_minimum and a.balance >= i.amount
          -- A player with a limit or a break of their own is decided by the one-transaction path.
          and not exists (select 1 from play_limits pl where pl.user_id = i.user_id)
          and not exists (select 1 from play_breaks pb where pb.user_id = i.user_id and pb.ends_at > ${batch.at})
        for share of r
      ),
      claim as (
        insert into idempotency_keys (user_id, key, operation, request_hash, status_code, response, created_at)
        select user_id, key, 'position.place', request_hash, 201, response, ${batch.at}::timestamptz
        from ctx
        on conflict (user_id, key) do nothing
        returning user_id
      ),
      claimed as (select array_agg(user_id) as users from claim),
      ${stakes},
      placed as (
        insert into positions (id, round_id, room_id, user_id, account_id, bet_category, bet_type, bet_number,
          amount, multiplier, status, created_at)
        select position_id, ${batch.roundId}::uuid, ${batch.roomId}::uuid, user_id, account_id, bet_category,
          bet_type, bet_number, amount, multiplier, 'open', ${batch.at}::timestamptz
        from debit
        returning id
      )
      select (select array_agg(id::text) from placed) as placed,
        case when (select count(*) from claim) <> (select count(*) from placed)
          then abort_statement(${PLACEMENT_ABORTED}) end as aborted
    `.execute(executor);
    return new Set(result.rows[0]?.placed ?? []);
  }

  /**
   * The round (locked FOR SHARE until the transaction ends, so the sealer's UPDATE waits for this
   * placement), its room and the user's cash account. Undefined when the round does not exist.
   */
  async placementContext(
    trx: Transaction<DB>,
    roundId: string,
    userId: string,
  ): Promise<PlacementContext | undefined> {
    const result = await sql<{
      round_id: string;
      status: RoundStatusColumn;
      seals_at: Date;
      issue: string;
      room_id: string;
      tier: RoomTierColumn;
      entry_minimum: number;
      stake_minimum: number;
      stake_maximum: number;
      house_edge_bps: number;
      paused: boolean;
      account_id: string;
      balance: number;
    }>`
      select r.id as round_id, r.status, r.seals_at, r.issue, r.room_id, rm.tier, rm.entry_minimum,
        rm.stake_minimum, rm.stake_maximum, rm.house_edge_bps, rm.paused, a.id as account_id, a.balance
      from rounds r
      join rooms rm on rm.id = r.room_id
      join ledger_accounts a on a.user_id = ${userId}
      where r.id = ${roundId}
      for share of r
    `.execute(trx);
    const row = result.rows[0];
    return (
      row && {
        roundId: row.round_id,
        status: row.status,
        sealsAt: row.seals_at,
        issue: row.issue,
        roomId: row.room_id,
        tier: row.tier,
        entryMinimum: row.entry_minimum,
        stakeMinimum: row.stake_minimum,
        stakeMaximum: row.stake_maximum,
        houseEdgeBps: row.house_edge_bps,
        paused: row.paused,
        accountId: row.account_id,
        balance: row.balance,
      }
    );
  }

  async insert(trx: Transaction<DB>, position: NewPosition): Promise<void> {
    await trx
      .insertInto('positions')
      .values({
        id: position.id,
        round_id: position.roundId,
        room_id: position.roomId,
        user_id: position.userId,
        account_id: position.accountId,
        bet_category: position.betCategory,
        bet_type: position.betType,
        bet_number: position.betNumber,
        amount: position.amount,
        multiplier: position.multiplier,
        status: 'open',
        payout: null,
        created_at: position.at,
        settled_at: null,
      })
      .execute();
  }

  // ---- settlement (one statement each, whatever the number of positions) -------------------------------

  /**
   * Every open position of the round becomes won (payout = stake x multiplier, rounded down to the cent,
   * as the domain's payoutFor) or lost (payout 0). Returns the round's totals.
   */
  async settleOutcomes(
    trx: Transaction<DB>,
    roundId: string,
    winning: WinningSet,
    now: Date,
  ): Promise<SettledTotals> {
    const wins = sql`((bet_category = 'both_sides' and bet_type = any(${[...winning.bothSides]}::text[]))
      or (bet_category = 'special_number' and bet_number = any(${[...winning.numbers]}::smallint[])))`;
    const result = await sql<SettledTotals>`
      with settled as (
        update positions set
          status = case when ${wins} then 'won' else 'lost' end,
          payout = case when ${wins} then (amount * multiplier) / 100 else 0 end,
          settled_at = ${now}
        where round_id = ${roundId} and status = 'open'
        returning amount, payout
      )
      select count(*)::int as positions, coalesce(sum(amount), 0)::int8 as staked,
        coalesce(sum(payout), 0)::int8 as paid
      from settled
    `.execute(trx);
    return totals(result.rows[0]);
  }

  /** Every open position of a void round is refunded: payout = its stake. */
  async refundAll(trx: Transaction<DB>, roundId: string, now: Date): Promise<SettledTotals> {
    const result = await sql<SettledTotals>`
      with refunded as (
        update positions set status = 'refunded', payout = amount, settled_at = ${now}
        where round_id = ${roundId} and status = 'open'
        returning amount, payout
      )
      select count(*)::int as positions, coalesce(sum(amount), 0)::int8 as staked,
        coalesce(sum(payout), 0)::int8 as paid
      from refunded
    `.execute(trx);
    return totals(result.rows[0]);
  }

  /**
   * The transfers a settled round owes, for LedgerService.postBulk (which names each by its reference and
   * leg). Per position: the part of the stake
   * paid back from escrow (min(payout, stake), `payout`), the winnings beyond the stake from the house
   * (`payout`), and the part of the stake the house keeps (`stake_lost`). The escrow nets to zero.
   */
  settlementTransfers(roundId: string, houseAccountId: string): RawBuilder<unknown> {
    // One scan of the round's positions, up to three transfers each (the ledger skips zero amounts).
    return sql`
      select t.debit_kind, t.credit_account_id, t.amount, t.code, 'position'::text as ref_type,
        p.id::text as ref_id, t.leg
      from positions p
      cross join lateral (values
        ('stakes_escrow'::text, p.account_id, least(p.payout, p.amount), 'payout'::text, 'return'::text),
        ('house', p.account_id, p.payout - p.amount, 'payout', 'win'),
        ('stakes_escrow', ${houseAccountId}::uuid, p.amount - p.payout, 'stake_lost', 'lost')
      ) as t (debit_kind, credit_account_id, amount, code, leg)
      where p.round_id = ${roundId} and p.status in ('won', 'lost')
    `;
  }

  /** A void round's refunds: every stake back from escrow, once per position. */
  refundTransfers(roundId: string): RawBuilder<unknown> {
    return sql`
      select 'stakes_escrow'::text as debit_kind, p.account_id as credit_account_id, p.amount,
        'refund'::text as code, 'position'::text as ref_type, p.id::text as ref_id, 'refund'::text as leg
      from positions p where p.round_id = ${roundId} and p.status = 'refunded'
    `;
  }

  // ---- records ----------------------------------------------------------------------------------------

  /** What the transaction records show of these positions (by id): the bet, its round and room. */
  describe(executor: Executor, ids: readonly string[]): Promise<PositionViewRow[]> {
    return this.viewQuery(executor)
      .where('p.id', 'in', [...ids])
      .execute();
  }

  private viewQuery(executor: Executor) {
    return executor
      .selectFrom('positions as p')
      .innerJoin('rounds as r', 'r.id', 'p.round_id')
      .innerJoin('rooms as rm', 'rm.id', 'p.room_id')
      .select([
        'p.id',
        'p.round_id',
        'p.room_id',
        'rm.tier',
        'r.issue',
        'p.bet_category',
        'p.bet_type',
        'p.bet_number',
        'p.amount',
        'p.multiplier',
        'p.status',
        'p.payout',
        'p.created_at',
        'p.settled_at',
      ]);
  }

  /** The user's positions, newest first, `limit` + 1 rows. */
  listForUser(
    executor: Executor,
    userId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<PositionViewRow[]> {
    const query = this.viewQuery(executor).where('p.user_id', '=', userId);
    return paginate(query, cursor, limit, ['p.created_at', 'p.id']).execute();
  }

  /** The user's positions in one round, newest first. */
  forUserInRound(executor: Executor, userId: string, roundId: string): Promise<PositionViewRow[]> {
    return this.viewQuery(executor)
      .where('p.round_id', '=', roundId)
      .where('p.user_id', '=', userId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  }

  /** Settled (or refunded) totals per round for the user, newest settlement first, `limit` + 1 rows. */
  async revenueForUser(
    executor: Executor,
    userId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<RevenueRow[]> {
    const after = cursor ? sql`and (r.settled_at, r.id) < (${cursor.createdAt}, ${cursor.id}::uuid)` : sql``;
    const result = await sql<RevenueRow>`
      select r.id, r.issue, r.room_id, rm.tier, sum(p.amount)::int8 as staked, coalesce(sum(p.payout), 0)::int8 as payout,
        r.settled_at as created_at
      from positions p
      join rounds r on r.id = p.round_id
      join rooms rm on rm.id = r.room_id
      where p.user_id = ${userId} and p.status <> 'open' and r.settled_at is not null ${after}
      group by r.id, rm.tier
      order by r.settled_at desc, r.id desc
      limit ${limit + 1}
    `.execute(executor);
    return result.rows;
  }

  /** Stakes placed and distinct users trading in [from, to), recounted (the figures' check). */
  async activityBetween(
    executor: Executor,
    from: Date,
    to: Date,
  ): Promise<{ volume: number; users: number }> {
    const row = await executor
      .selectFrom('positions')
      .select([
        sql<number>`coalesce(sum(amount), 0)::int8`.as('volume'),
        sql<number>`count(distinct user_id)::int`.as('users'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow();
    return { volume: row.volume, users: row.users };
  }

  /** Stakes placed and distinct users trading on one UTC day ('YYYY-MM-DD'), as the trigger keeps them. */
  async dailyFigures(executor: Executor, day: string): Promise<{ volume: number; users: number }> {
    const row = await executor
      .selectFrom('daily_figures')
      .select(['volume', 'user_count'])
      .where('day', '=', day)
      .executeTakeFirst();
    return { volume: row?.volume ?? 0, users: row?.user_count ?? 0 };
  }
}

function totals(row: SettledTotals | undefined): SettledTotals {
  return row ?? { positions: 0, staked: 0, paid: 0 };
}
