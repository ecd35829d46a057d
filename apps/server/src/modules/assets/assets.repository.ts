/** The money figures of My account in one statement: every one of them is a materialised column or an index probe. */
import { sql } from 'kysely';
import { toCents } from '../../platform/db/cents.ts';
import type { Executor } from '../ledger/ledger.repository.ts';

export interface MoneyFiguresRow {
  balance: number;
  totalDeposited: number;
  totalStaked: number;
  /** Deposits and withdrawals still waiting for an operator (partial indexes on status = 'pending'). */
  pendingDeposits: number;
  pendingWithdrawals: number;
}

export class AssetsRepository {
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
