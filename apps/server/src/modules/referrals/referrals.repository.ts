/**
 * The referral programme's SQL: the accrual settlement adds to its transaction, the daily payment's
 * chunks, and the reads of the team page and the console. Days are passed and selected as text.
 */
import { allBets, type Bet, type ReferralMode, winningTriples } from '@tradehall/domain';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface ProgrammeRow {
  effective_from: string;
  mode: ReferralMode;
  level1_rate_bps: number;
  level2_rate_bps: number;
  daily_cap: number;
}

export interface OverrideRow {
  effective_from: string;
  excluded: boolean;
  level1_rate_bps: number | null;
  level2_rate_bps: number | null;
  reason: string;
}

export interface TeamRow {
  invitation_code: string;
  level1: number;
  level2: number;
  level1_today: number;
  level2_today: number;
  level1_total: number;
  level2_total: number;
  paid_total: number;
}

export interface InviteeRow {
  id: string;
  username: string;
  created_at: Date;
  turnover_today: number;
  turnover_total: number;
}

export interface RewardDayRow {
  day: string;
  level: number;
  invitees: number;
  amount: number | null;
  day_paid: boolean;
}

export interface TreeInviteeRow {
  id: string;
  username: string;
  created_at: Date;
  level: number;
}

export interface RewardRecordRow {
  id: string;
  day: string;
  level: number;
  invitees: number;
}

/** Each bet's winning triples out of 1,000, as a VALUES list keyed like positions (category, type or number). */
function betTriples(): RawBuilder<unknown> {
  const key = (bet: Bet) => (bet.category === 'both_sides' ? bet.type : String(bet.number));
  const rows = allBets().map(
    (bet) => sql`(${sql.lit(bet.category)}, ${sql.lit(key(bet))}, ${sql.lit(winningTriples(bet))})`,
  );
  return sql`values ${sql.join(rows)}`;
}

/** Below every uuid: where a day's first chunk starts. */
const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';

export class ReferralsRepository {
  readonly #triples = betTriples();

  /**
   * Adds a settled round to the figures, set-wise (settlement's transaction): per invitee with an inviter,
   * their turnover and expected edge (stake x (100,000 - triples x multiplier), in 1/100,000 cent) for
   * the day and in total; per referrer and level, the same sums and how many invitees played for the
   * first time that day (the invitee-day row was inserted, not updated: xmax = 0); per referrer, the
   * turnover of all time per level the team page reads (decision 0043: added from the same rows as the
   * accruals, so the two never disagree). Rows are written in key order, so concurrent settlements of
   * two rooms lock them in the same order.
   */
  async accrueRound(trx: Transaction<DB>, roundId: string, day: string): Promise<number> {
    const result = await sql<{ accruals: number }>`
      with triples (category, bet, triples) as (${this.#triples}),
      played as (
        select p.user_id, sum(p.amount) as turnover,
          sum(p.amount * greatest(0, 100000 - t.triples * p.multiplier)) as edge
        from positions p
        join triples t on t.category = p.bet_category and t.bet = coalesce(p.bet_type, p.bet_number::text)
        where p.round_id = ${roundId} and p.status in ('won', 'lost')
        group by p.user_id
      ),
      invited as (
        select pl.*, u.inviter_id as l1, i.inviter_id as l2
        from played pl join users u on u.id = pl.user_id left join users i on i.id = u.inviter_id
        where u.inviter_id is not null
      ),
      days as (
        insert into referral_invitee_days as d (invitee_id, day, turnover, edge_units)
        select user_id, ${day}::date, turnover, edge from invited order by user_id
        on conflict (invitee_id, day) do update set turnover = d.turnover + excluded.turnover,
          edge_units = d.edge_units + excluded.edge_units
        returning invitee_id, (xmax = 0) as first
      ),
      totals as (
        insert into referral_invitee_totals as t (invitee_id, turnover, edge_units)
        select user_id, turnover, edge from invited order by user_id
        on conflict (invitee_id) do update set turnover = t.turnover + excluded.turnover,
          edge_units = t.edge_units + excluded.edge_units
        returning 1
      ),
      levels as (
        select i.l1 as referrer_id, 1 as level, i.turnover, i.edge, d.first
        from invited i join days d on d.invitee_id = i.user_id
        union all
        select i.l2, 2, i.turnover, i.edge, d.first
        from invited i join days d on d.invitee_id = i.user_id where i.l2 is not null
      ),
      accrued as (
        insert into referral_accruals as a (day, referrer_id, level, turnover, edge_units, invitees)
        select ${day}::date, referrer_id, level, sum(turnover), sum(edge), count(*) filter (where first)
        from levels group by referrer_id, level order by referrer_id, level
        on conflict (day, referrer_id, level) do update set turnover = a.turnover + excluded.turnover,
          edge_units = a.edge_units + excluded.edge_units, invitees = a.invitees + excluded.invitees
        returning 1
      ),
      turnover as (
        insert into referral_referrer_turnover as r (referrer_id, level1, level2)
        select referrer_id, coalesce(sum(turnover) filter (where level = 1), 0),
          coalesce(sum(turnover) filter (where level = 2), 0)
        from levels group by referrer_id order by referrer_id
        on conflict (referrer_id) do update set level1 = r.level1 + excluded.level1,
          level2 = r.level2 + excluded.level2
        returning 1
      )
      select (select count(*) from accrued)::int as accruals, (select count(*) from totals)::int as totals
    `.execute(trx);
    return result.rows[0]?.accruals ?? 0;
  }

  // ---- the programme and overrides --------------------------------------------------------------------

  /** The programme rows in force on `day` and after it (the one in force first). */
  async programmesFrom(executor: Executor, day: string): Promise<ProgrammeRow[]> {
    const result = await sql<ProgrammeRow>`
      select effective_from::text as effective_from, mode, level1_rate_bps, level2_rate_bps, daily_cap
      from referral_programmes
      where effective_from > ${day}::date
        or effective_from = (select max(effective_from) from referral_programmes where effective_from <= ${day}::date)
      order by effective_from
    `.execute(executor);
    return result.rows;
  }

  async putProgramme(trx: Transaction<DB>, row: ProgrammeRow, operatorId: string, at: Date): Promise<void> {
    await trx
      .insertInto('referral_programmes')
      .values({ ...row, changed_by: operatorId, changed_at: at })
      .onConflict((conflict) =>
        conflict.column('effective_from').doUpdateSet((eb) => ({
          mode: eb.ref('excluded.mode'),
          level1_rate_bps: eb.ref('excluded.level1_rate_bps'),
          level2_rate_bps: eb.ref('excluded.level2_rate_bps'),
          daily_cap: eb.ref('excluded.daily_cap'),
          changed_by: eb.ref('excluded.changed_by'),
          changed_at: eb.ref('excluded.changed_at'),
        })),
      )
      .execute();
  }

  /** The override in force for a user on `day` or, if later, the one waiting (the latest row). */
  async latestOverride(executor: Executor, userId: string): Promise<OverrideRow | undefined> {
    const result = await sql<OverrideRow>`
      select effective_from::text as effective_from, excluded, level1_rate_bps, level2_rate_bps, reason
      from referral_overrides where user_id = ${userId} order by effective_from desc limit 1
    `.execute(executor);
    return result.rows[0];
  }

  async putOverride(
    trx: Transaction<DB>,
    userId: string,
    row: OverrideRow,
    operatorId: string,
    at: Date,
  ): Promise<void> {
    await trx
      .insertInto('referral_overrides')
      .values({ user_id: userId, ...row, changed_by: operatorId, changed_at: at })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'effective_from']).doUpdateSet((eb) => ({
          excluded: eb.ref('excluded.excluded'),
          level1_rate_bps: eb.ref('excluded.level1_rate_bps'),
          level2_rate_bps: eb.ref('excluded.level2_rate_bps'),
          reason: eb.ref('excluded.reason'),
          changed_by: eb.ref('excluded.changed_by'),
          changed_at: eb.ref('excluded.changed_at'),
        })),
      )
      .execute();
  }

  // ---- the daily payment ------------------------------------------------------------------------------

  /** The oldest day before `today` with accruals and not yet paid in full. */
  async oldestUnpaidDay(executor: Executor, today: string): Promise<string | null> {
    const result = await sql<{ day: string | null }>`
      select min(day)::text as day from referral_accruals
      where day < ${today}::date
        and day > coalesce((select max(day) from referral_pay_days), '-infinity'::date)
    `.execute(executor);
    return result.rows[0]?.day ?? null;
  }

  /**
   * One chunk of a day's payment: the next `limit` referrers after `after` (in id order) get their reward
   * rows, at the rates in force on the day (the programme, their override, the same clamp as the domain's
   * levelRateBps) and within the daily cap (level 1 first). Rows that exist already are left alone, so a
   * second payer inserts nothing. The same statement adds the rows inserted to each referrer's paid total
   * (decision 0043). Answers the rows inserted now (positive amounts only) and the last referrer of the
   * chunk (null: the day has no more).
   */
  async rewardChunk(
    trx: Transaction<DB>,
    args: { day: string; after: string | null; limit: number; at: Date },
  ): Promise<{ ids: string[]; total: number; last: string | null }> {
    const after = args.after ?? BEFORE_EVERY_ID;
    const chunk = await sql<{ referrer_id: string }>`
      select distinct referrer_id from referral_accruals
      where day = ${args.day}::date and referrer_id > ${after}::uuid
      order by referrer_id limit ${args.limit}
    `.execute(trx);
    const referrers = chunk.rows.map((row) => row.referrer_id);
    const last = referrers.at(-1) ?? null;
    if (last === null) return { ids: [], total: 0, last };
    const result = await sql<{ id: string; amount: number }>`
      with rule as (
        select * from referral_programmes where effective_from <= ${args.day}::date
        order by effective_from desc limit 1
      ),
      acc as (
        select a.* from referral_accruals a
        where a.day = ${args.day}::date and a.referrer_id > ${after}::uuid and a.referrer_id <= ${last}::uuid
      ),
      ov as (
        select distinct on (o.user_id) o.* from referral_overrides o
        where o.effective_from <= ${args.day}::date
          and o.user_id > ${after}::uuid and o.user_id <= ${last}::uuid
        order by o.user_id, o.effective_from desc
      ),
      rated as (
        select acc.referrer_id, acc.level, acc.invitees, acc.edge_units, rule.daily_cap,
          case
            when rule.mode = 'off' or coalesce(ov.excluded, false) then 0
            when acc.level = 2 and rule.mode <> 'two_levels' then 0
            when acc.level = 2 then least(coalesce(ov.level2_rate_bps, rule.level2_rate_bps), rule.level2_rate_bps)
            else least(coalesce(ov.level1_rate_bps, rule.level1_rate_bps),
              10000 - case when rule.mode = 'two_levels' then rule.level2_rate_bps else 0 end)
          end as rate_bps
        from acc cross join rule left join ov on ov.user_id = acc.referrer_id
      ),
      uncapped as (
        select r.*, floor(r.edge_units::numeric * r.rate_bps / 1000000000)::int8 as reward,
          coalesce(sum(floor(r.edge_units::numeric * r.rate_bps / 1000000000)) over (
            partition by r.referrer_id order by r.level rows between unbounded preceding and 1 preceding), 0)
            as earlier
        from rated r
      ),
      inserted as (
        insert into referral_rewards (id, referrer_id, day, level, invitees, edge_units, rate_bps, amount, paid_at)
        select gen_random_uuid(), referrer_id, ${args.day}::date, level, invitees, edge_units, rate_bps,
          greatest(0, least(reward, daily_cap - earlier))::int8, ${args.at}::timestamptz
        from uncapped where least(reward, daily_cap - earlier) > 0
        order by referrer_id, level
        on conflict (referrer_id, day, level) do nothing
        returning id, referrer_id, amount
      ),
      paid as (
        insert into referral_referrer_paid as p (referrer_id, paid)
        select referrer_id, sum(amount) from inserted group by referrer_id order by referrer_id
        on conflict (referrer_id) do update set paid = p.paid + excluded.paid
        returning 1
      )
      select id, amount from inserted
    `.execute(trx);
    return {
      ids: result.rows.map((row) => row.id),
      total: result.rows.reduce((sum, row) => sum + row.amount, 0),
      last,
    };
  }

  /**
   * The ledger's bulk source for the reward rows a chunk inserted (`ids`): from the house to each
   * referrer's cash account, each row and account found by its key, one list entry at a time (the
   * `offset 0` keeps the planner from turning the lookups into joins). Joined as sets, the planner
   * hashed the whole reward table once per chunk or, misled by the table's growing during the payment,
   * expected one row and made the ledger's bulk post compare every transfer with every account.
   */
  rewardTransfers(ids: readonly string[]): RawBuilder<unknown> {
    return sql`
      select 'house'::text as debit_kind, la.id as credit_account_id, r.amount, 'referral'::text as code,
        'referral'::text as ref_type, r.id::text as ref_id, null::text as leg
      from unnest(${sql.val(ids)}::uuid[]) as inserted (id)
      cross join lateral (
        select r.id, r.referrer_id, r.amount from referral_rewards r where r.id = inserted.id offset 0
      ) r
      cross join lateral (
        select la.id from ledger_accounts la where la.user_id = r.referrer_id and la.kind = 'user_cash' offset 0
      ) la`;
  }

  /** Marks a day paid in full, with its figures. */
  async finishDay(trx: Transaction<DB>, day: string, at: Date): Promise<void> {
    await sql`
      insert into referral_pay_days (day, referrers, total, finished_at)
      select ${day}::date, count(distinct referrer_id), coalesce(sum(amount), 0), ${at}::timestamptz
      from referral_rewards where day = ${day}::date
      on conflict (day) do nothing
    `.execute(trx);
  }

  // ---- reads ------------------------------------------------------------------------------------------

  /**
   * The team page's figures in one statement, a fixed handful of rows whatever the referrer's history:
   * the counts kept by the users trigger, the totals kept beside the accruals and rewards (decision
   * 0043), today's two accrual rows.
   */
  async team(executor: Executor, userId: string, today: string): Promise<TeamRow | undefined> {
    const result = await sql<TeamRow>`
      select u.invitation_code, coalesce(m.level1, 0) as level1, coalesce(m.level2, 0) as level2,
        coalesce(a.level1_today, 0)::int8 as level1_today, coalesce(a.level2_today, 0)::int8 as level2_today,
        coalesce(t.level1, 0) as level1_total, coalesce(t.level2, 0) as level2_total,
        coalesce(p.paid, 0) as paid_total
      from users u
      left join referral_members m on m.user_id = u.id
      left join referral_referrer_turnover t on t.referrer_id = u.id
      left join referral_referrer_paid p on p.referrer_id = u.id
      left join (
        select sum(turnover) filter (where level = 1) as level1_today,
          sum(turnover) filter (where level = 2) as level2_today
        from referral_accruals where referrer_id = ${userId} and day = ${today}::date
      ) a on true
      where u.id = ${userId}
    `.execute(executor);
    return result.rows[0];
  }

  /** The user's invitees at one level, newest first, `limit` + 1 rows. */
  invitees(
    executor: Executor,
    userId: string,
    level: 1 | 2,
    today: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<InviteeRow[]> {
    let query = executor
      .selectFrom('users as u')
      .leftJoin('referral_invitee_totals as t', 't.invitee_id', 'u.id')
      .leftJoin('referral_invitee_days as d', (join) =>
        join.onRef('d.invitee_id', '=', 'u.id').on('d.day', '=', today),
      )
      .select([
        'u.id',
        'u.username',
        'u.created_at',
        sql<number>`coalesce(d.turnover, 0)::int8`.as('turnover_today'),
        sql<number>`coalesce(t.turnover, 0)::int8`.as('turnover_total'),
      ]);
    query =
      level === 1
        ? query.where('u.inviter_id', '=', userId)
        : query.where('u.inviter_id', 'in', (eb) =>
            eb.selectFrom('users as c').select('c.id').where('c.inviter_id', '=', userId),
          );
    return paginate(query, cursor, limit, ['u.created_at', 'u.id']).execute();
  }

  /** The referrer's days and levels, newest first: the reward when paid, whether the day was paid. */
  async rewardDays(executor: Executor, userId: string, limit: number): Promise<RewardDayRow[]> {
    const result = await sql<RewardDayRow>`
      select a.day::text as day, a.level, a.invitees, r.amount,
        exists (select 1 from referral_pay_days p where p.day = a.day) as day_paid
      from referral_accruals a
      left join referral_rewards r on r.referrer_id = a.referrer_id and r.day = a.day and r.level = a.level
      where a.referrer_id = ${userId}
      order by a.day desc, a.level
      limit ${limit}
    `.execute(executor);
    return result.rows;
  }

  /** The rewards paid of all time, as kept (decision 0043). */
  async rewardsPaidTotal(executor: Executor, userId: string): Promise<number> {
    const row = await executor
      .selectFrom('referral_referrer_paid')
      .select('paid')
      .where('referrer_id', '=', userId)
      .executeTakeFirst();
    return row?.paid ?? 0;
  }

  async members(executor: Executor, userId: string): Promise<{ level1: number; level2: number }> {
    const row = await executor
      .selectFrom('referral_members')
      .select(['level1', 'level2'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? { level1: 0, level2: 0 };
  }

  async inviter(executor: Executor, userId: string): Promise<{ id: string; username: string } | undefined> {
    return executor
      .selectFrom('users as u')
      .innerJoin('users as i', 'i.id', 'u.inviter_id')
      .select(['i.id', 'i.username'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** The first `limit` invitees of each level, newest first. */
  async treeInvitees(executor: Executor, userId: string, limit: number): Promise<TreeInviteeRow[]> {
    const result = await sql<TreeInviteeRow>`
      (select id, username, created_at, 1 as level from users where inviter_id = ${userId}
        order by created_at desc, id desc limit ${limit})
      union all
      (select g.id, g.username, g.created_at, 2 as level from users c join users g on g.inviter_id = c.id
        where c.inviter_id = ${userId} order by g.created_at desc, g.id desc limit ${limit})
    `.execute(executor);
    return result.rows;
  }

  async reportPerDay(
    executor: Executor,
    from: string,
    to: string,
  ): Promise<Array<{ day: string; referrers: number; total: number }>> {
    const result = await sql<{ day: string; referrers: number; total: number }>`
      select day::text as day, count(distinct referrer_id)::int as referrers, sum(amount)::int8 as total
      from referral_rewards where day between ${from}::date and ${to}::date
      group by day order by day desc
    `.execute(executor);
    return result.rows;
  }

  async topReferrers(
    executor: Executor,
    from: string,
    to: string,
    limit: number,
  ): Promise<Array<{ id: string; username: string; total: number; days: number }>> {
    const result = await sql<{ id: string; username: string; total: number; days: number }>`
      select u.id, u.username, r.total, r.days from (
        select referrer_id, sum(amount)::int8 as total, count(distinct day)::int as days
        from referral_rewards where day between ${from}::date and ${to}::date
        group by referrer_id order by total desc, referrer_id limit ${limit}
      ) r join users u on u.id = r.referrer_id
      order by r.total desc, u.id
    `.execute(executor);
    return result.rows;
  }

  /** How reward rows show in the records. */
  async describe(executor: Executor, ids: readonly string[]): Promise<RewardRecordRow[]> {
    if (ids.length === 0) return [];
    const result = await sql<RewardRecordRow>`
      select id::text as id, day::text as day, level, invitees from referral_rewards
      where id = any (${sql.val(ids)}::uuid[])
    `.execute(executor);
    return result.rows;
  }
}
