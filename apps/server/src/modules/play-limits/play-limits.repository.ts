/**
 * Play limits: the only SQL about a player's limits, breaks, reality check and the figures the
 * triggers of migration 0017 keep.
 */
import type { PlayLimitSetting, PlayUsage } from '@tradehall/domain';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { PlayBreakKindColumn, PlayLimitKindColumn } from '../../platform/db/schema-play-limits.ts';

export interface StoredLimit {
  kind: PlayLimitKindColumn;
  setting: PlayLimitSetting;
}

export interface StoredBreak {
  kind: PlayBreakKindColumn;
  endsAt: Date;
}

/** A UTC date 'YYYY-MM-DD' as the instant its day starts. */
const utcDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

export class PlayLimitsRepository {
  async limits(executor: Executor, userId: string): Promise<StoredLimit[]> {
    const rows = await executor
      .selectFrom('play_limits')
      .select(['kind', 'amount', 'pending_amount', 'pending_from'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      setting: {
        amount: row.amount,
        pending: row.pending_from ? { amount: row.pending_amount, from: row.pending_from } : null,
      },
    }));
  }

  /** The user's limit rows, locked until the transaction ends (two changes of one user, one at a time). */
  async lockLimits(trx: Transaction<DB>, userId: string): Promise<StoredLimit[]> {
    await trx.selectFrom('play_limits').select('kind').where('user_id', '=', userId).forUpdate().execute();
    return this.limits(trx, userId);
  }

  async saveLimit(
    trx: Transaction<DB>,
    userId: string,
    kind: PlayLimitKindColumn,
    setting: PlayLimitSetting,
    at: Date,
  ): Promise<void> {
    const values = {
      amount: setting.amount,
      pending_amount: setting.pending?.amount ?? null,
      pending_from: setting.pending?.from ?? null,
      updated_at: at,
    };
    await trx
      .insertInto('play_limits')
      .values({ user_id: userId, kind, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
      .execute();
  }

  /** The break that ends last (the one in force, if it has not ended). */
  async latestBreak(executor: Executor, userId: string): Promise<StoredBreak | undefined> {
    const row = await executor
      .selectFrom('play_breaks')
      .select(['kind', 'ends_at'])
      .where('user_id', '=', userId)
      .orderBy('ends_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { kind: row.kind, endsAt: row.ends_at };
  }

  async insertBreak(
    trx: Transaction<DB>,
    row: { id: string; userId: string; kind: PlayBreakKindColumn; startsAt: Date; endsAt: Date },
  ): Promise<void> {
    await trx
      .insertInto('play_breaks')
      .values({
        id: row.id,
        user_id: row.userId,
        kind: row.kind,
        starts_at: row.startsAt,
        ends_at: row.endsAt,
      })
      .execute();
  }

  /**
   * Serialises the breaks a user takes: the user's row is locked until the transaction ends, so two
   * requests cannot both judge against the same running break.
   */
  async lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  async realityCheckMinutes(executor: Executor, userId: string): Promise<number | null> {
    const row = await executor
      .selectFrom('play_settings')
      .select('reality_check_minutes')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.reality_check_minutes ?? null;
  }

  async saveRealityCheck(
    executor: Executor,
    userId: string,
    minutes: number | null,
    at: Date,
  ): Promise<void> {
    await executor
      .insertInto('play_settings')
      .values({ user_id: userId, reality_check_minutes: minutes, updated_at: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: at }),
      )
      .execute();
  }

  /** What the user's current periods counted, as the triggers keep it (one row each, no history read). */
  async usage(executor: Executor, userId: string): Promise<PlayUsage> {
    const result = await sql<{
      day_start: string | null;
      day_deposited: number | null;
      day_staked: number | null;
      day_paid_start: string | null;
      day_paid: number | null;
      week_start: string | null;
      week_deposited: number | null;
      week_staked: number | null;
      week_paid_start: string | null;
      week_paid: number | null;
      month_start: string | null;
      month_deposited: number | null;
      month_staked: number | null;
      month_paid_start: string | null;
      month_paid: number | null;
    }>`
      select u.day_start::text, u.day_deposited, u.day_staked, p.day_start::text as day_paid_start, p.day_paid,
        u.week_start::text, u.week_deposited, u.week_staked, p.week_start::text as week_paid_start, p.week_paid,
        u.month_start::text, u.month_deposited, u.month_staked, p.month_start::text as month_paid_start,
        p.month_paid
      from (select ${userId}::uuid as user_id) k
      left join play_usage u on u.user_id = k.user_id
      left join play_payouts p on p.user_id = k.user_id
    `.execute(executor);
    const row = result.rows[0];
    const usage: PlayUsage = {};
    if (!row) return usage;
    const periods = [
      ['day', row.day_start, row.day_deposited, row.day_staked, row.day_paid_start, row.day_paid],
      ['week', row.week_start, row.week_deposited, row.week_staked, row.week_paid_start, row.week_paid],
      ['month', row.month_start, row.month_deposited, row.month_staked, row.month_paid_start, row.month_paid],
    ] as const;
    for (const [period, start, deposited, staked, paidStart, paid] of periods) {
      // The two rows move to a new period on their own: the later one names the period, and the other
      // row's figures, of an earlier period, count as zero in it.
      const latest = start !== null && (paidStart === null || start >= paidStart) ? start : paidStart;
      if (latest === null) continue;
      usage[period] = {
        start: utcDate(latest),
        deposited: latest === start ? (deposited ?? 0) : 0,
        staked: latest === start ? (staked ?? 0) : 0,
        paid: latest === paidStart ? (paid ?? 0) : 0,
      };
    }
    return usage;
  }

  /** The user's stakes in one round (this placement's included: it runs after the insert). */
  async roundStaked(executor: Executor, userId: string, roundId: string): Promise<number> {
    const row = await executor
      .selectFrom('positions')
      .select(sql<number>`coalesce(sum(amount), 0)::int8`.as('staked'))
      .where('round_id', '=', roundId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.staked;
  }

  /**
   * The user's stakes and payouts of all time, as the triggers keep them: two primary-key rows read,
   * whatever the history.
   */
  async counters(executor: Executor, userId: string): Promise<{ staked: number; paid: number }> {
    const result = await sql<{ staked: number; paid: number }>`
      select coalesce(u.total_staked, 0)::int8 as staked, coalesce(p.total_paid, 0)::int8 as paid
      from (select ${userId}::uuid as user_id) k
      left join play_usage u on u.user_id = k.user_id
      left join play_payouts p on p.user_id = k.user_id
    `.execute(executor);
    const row = result.rows[0];
    return { staked: row?.staked ?? 0, paid: row?.paid ?? 0 };
  }
}
