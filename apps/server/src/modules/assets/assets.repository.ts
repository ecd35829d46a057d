/** The money figures of My account in one statement: every one of them is a materialised column or an index probe. */
import { CompiledQuery, sql } from 'kysely';
import { PREPARED_PREFIX } from '../../platform/db/database.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { MeUserRow } from '../../platform/db/schema.ts';

export interface MoneyFiguresRow {
  balance: number;
  totalDeposited: number;
  totalStaked: number;
  /** Deposits and withdrawals still waiting for an operator (partial indexes on status = 'pending'). */
  pendingDeposits: number;
  pendingWithdrawals: number;
}

/** The row as the driver decodes it: the int8 money columns are numbers already (db/int8.ts). */
interface FiguresColumns {
  balance: number;
  total_deposited: number;
  total_staked: number;
  pending_deposits: number;
  pending_withdrawals: number;
}

function toFigures(row: FiguresColumns): MoneyFiguresRow {
  return {
    balance: row.balance,
    totalDeposited: row.total_deposited,
    totalStaked: row.total_staked,
    pendingDeposits: row.pending_deposits,
    pendingWithdrawals: row.pending_withdrawals,
  };
}

const ME_SQL = `${PREPARED_PREFIX}
  select u.id, u.username, u.nickname, u.real_name, u.email, u.credit_score, u.invitation_code,
    u.payment_password_hash, u.created_at, a.balance, a.total_deposited, a.total_staked,
    (select count(*) from deposits d where d.user_id = u.id and d.status = 'pending') as pending_deposits,
    (select count(*) from withdrawals w where w.user_id = u.id and w.status = 'pending') as pending_withdrawals
  from users u
  join ledger_accounts a on a.user_id = u.id and a.kind = 'user_cash'
  where u.id = any($1::uuid[])`;

export class AssetsRepository {
  /**
   * What My account shows of each user and their money figures in ONE statement (one round trip) for a
   * batch of users (platform/db/keyed-read-batcher.ts groups concurrent requests). The hottest read of a
   * signed-in app: its SQL is fixed text compiled once, not built per request, planned once per
   * connection (a prepared statement on PostgreSQL), and it reads only the columns the screen shows.
   */
  async usersWithMoneyFigures(
    executor: Executor,
    userIds: readonly string[],
  ): Promise<Map<string, { user: MeUserRow; figures: MoneyFiguresRow }>> {
    const result = await executor.executeQuery<MeUserRow & FiguresColumns>(
      CompiledQuery.raw(ME_SQL, [userIds]),
    );
    const found = new Map<string, { user: MeUserRow; figures: MoneyFiguresRow }>();
    for (const row of result.rows) {
      const { balance, total_deposited, total_staked, pending_deposits, pending_withdrawals, ...user } = row;
      found.set(user.id, { user, figures: toFigures(row) });
    }
    return found;
  }

  async moneyFigures(executor: Executor, userId: string): Promise<MoneyFiguresRow | undefined> {
    const result = await sql<FiguresColumns>`
      select a.balance, a.total_deposited, a.total_staked,
        (select count(*) from deposits d where d.user_id = ${userId} and d.status = 'pending')
          as pending_deposits,
        (select count(*) from withdrawals w where w.user_id = ${userId} and w.status = 'pending')
          as pending_withdrawals
      from ledger_accounts a
      where a.user_id = ${userId} and a.kind = 'user_cash'
    `.execute(executor);
    const row = result.rows[0];
    return row && toFigures(row);
  }
}
