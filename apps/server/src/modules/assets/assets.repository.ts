/** The money figures of My account in one statement: every one of them is a materialised column or an index probe. */
import { sql } from 'kysely';
import { toCents } from '../../platform/db/cents.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Executor } from '../ledger/ledger.repository.ts';

export interface MoneyFiguresRow {
  balance: number;
  totalDeposited: number;
  totalStaked: number;
  /** Deposits and withdrawals still waiting for an operator (partial indexes on status = 'pending'). */
  pendingDeposits: number;
  pendingWithdrawals: number;
}

const pendingCounts = (userId: string) => ({
  deposits: sql<number>`(select count(*)::int from deposits d where d.user_id = ${userId} and d.status = 'pending')`,
  withdrawals: sql<number>`(select count(*)::int from withdrawals w
    where w.user_id = ${userId} and w.status = 'pending')`,
});

export class AssetsRepository {
  /** The user's row and their money figures in ONE statement (My account: one round trip). */
  async userWithMoneyFigures(
    executor: Executor,
    userId: string,
  ): Promise<{ user: UserRow; figures: MoneyFiguresRow } | undefined> {
    const pending = pendingCounts(userId);
    const row = await executor
      .selectFrom('users as u')
      .innerJoin('ledger_accounts as a', (join) =>
        join.onRef('a.user_id', '=', 'u.id').on('a.kind', '=', 'user_cash'),
      )
      .selectAll('u')
      .select([
        'a.balance as money_balance',
        'a.total_deposited as money_total_deposited',
        'a.total_staked as money_total_staked',
        pending.deposits.as('money_pending_deposits'),
        pending.withdrawals.as('money_pending_withdrawals'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      money_balance,
      money_total_deposited,
      money_total_staked,
      money_pending_deposits,
      money_pending_withdrawals,
      ...user
    } = row;
    return {
      user,
      figures: {
        balance: toCents(money_balance),
        totalDeposited: toCents(money_total_deposited),
        totalStaked: toCents(money_total_staked),
        pendingDeposits: money_pending_deposits,
        pendingWithdrawals: money_pending_withdrawals,
      },
    };
  }

  async moneyFigures(executor: Executor, userId: string): Promise<MoneyFiguresRow | undefined> {
    const result = await sql<{
      balance: unknown;
      total_deposited: unknown;
      total_staked: unknown;
      pending_deposits: number;
      pending_withdrawals: number;
    }>`
      select a.balance, a.total_deposited, a.total_staked,
        (select count(*)::int from deposits d where d.user_id = ${userId} and d.status = 'pending')
          as pending_deposits,
        (select count(*)::int from withdrawals w where w.user_id = ${userId} and w.status = 'pending')
          as pending_withdrawals
      from ledger_accounts a
      where a.user_id = ${userId} and a.kind = 'user_cash'
    `.execute(executor);
    const row = result.rows[0];
    return (
      row && {
        balance: toCents(row.balance),
        totalDeposited: toCents(row.total_deposited),
        totalStaked: toCents(row.total_staked),
        pendingDeposits: row.pending_deposits,
        pendingWithdrawals: row.pending_withdrawals,
      }
    );
  }
}
