/** Withdrawals: the only SQL about them. */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type {
  DB,
  DestinationTypeColumn,
  WithdrawalRow,
  WithdrawalStatusColumn,
} from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface NewWithdrawal {
  id: string;
  reference: string;
  userId: string;
  amount: number;
  destinationType: DestinationTypeColumn;
  destinationId: string;
  destinationLabel: string;
  destinationDetail: string;
  at: Date;
}

export type AdminWithdrawalRow = WithdrawalRow & { account: string };

export interface WithdrawalDecision {
  status: Exclude<WithdrawalStatusColumn, 'pending'>;
  decidedBy: string;
  paymentReference: string | null;
  reason: string | null;
  at: Date;
}

export class WithdrawalsRepository {
  insert(trx: Transaction<DB>, withdrawal: NewWithdrawal): Promise<WithdrawalRow> {
    return trx
      .insertInto('withdrawals')
      .values({
        id: withdrawal.id,
        reference: withdrawal.reference,
        user_id: withdrawal.userId,
        amount: withdrawal.amount,
        destination_type: withdrawal.destinationType,
        destination_id: withdrawal.destinationId,
        destination_label: withdrawal.destinationLabel,
        destination_detail: withdrawal.destinationDetail,
        payment_reference: null,
        reject_reason: null,
        decided_by: null,
        created_at: withdrawal.at,
        decided_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Requests made since `since`, whatever became of them (the per-day limit counts requests). */
  async countSince(executor: Executor, userId: string, since: Date): Promise<number> {
    const row = await executor
      .selectFrom('withdrawals')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** What the transaction records show of these withdrawals (by id). */
  describe(executor: Executor, ids: readonly string[]) {
    return executor
      .selectFrom('withdrawals')
      .select(['id', 'reference', 'destination_label'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The withdrawals a human reference ("W7K3Q9ZPX2") names: none or one. */
  async idsByReference(executor: Executor, reference: string): Promise<string[]> {
    const rows = await executor
      .selectFrom('withdrawals')
      .select('id')
      .where('reference', '=', reference)
      .execute();
    return rows.map((row) => row.id);
  }

  findById(executor: Executor, id: string): Promise<WithdrawalRow | undefined> {
    return executor.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** pending -> paid/rejected, only if still pending (see DepositsRepository.decide). */
  decide(trx: Transaction<DB>, id: string, decision: WithdrawalDecision): Promise<WithdrawalRow | undefined> {
    return trx
      .updateTable('withdrawals')
      .set({
        status: decision.status,
        decided_by: decision.decidedBy,
        decided_at: decision.at,
        payment_reference: decision.paymentReference,
        reject_reason: decision.reason,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  listForUser(
    executor: Executor,
    userId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<WithdrawalRow[]> {
    const query = executor.selectFrom('withdrawals').selectAll().where('user_id', '=', userId);
    return paginate(query, cursor, limit).execute();
  }

  listAll(
    executor: Executor,
    filter: {
      status?: WithdrawalStatusColumn | undefined;
      destinationType?: DestinationTypeColumn | undefined;
      userId?: string | undefined;
    },
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<AdminWithdrawalRow[]> {
    let query = executor
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .selectAll('withdrawals')
      .select('users.username as account');
    if (filter.status) query = query.where('withdrawals.status', '=', filter.status);
    if (filter.destinationType) {
      query = query.where('withdrawals.destination_type', '=', filter.destinationType);
    }
    if (filter.userId) query = query.where('withdrawals.user_id', '=', filter.userId);
    return paginate(query, cursor, limit, ['withdrawals.created_at', 'withdrawals.id']).execute();
  }

  findAdmin(executor: Executor, id: string): Promise<AdminWithdrawalRow | undefined> {
    return executor
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .selectAll('withdrawals')
      .select('users.username as account')
      .where('withdrawals.id', '=', id)
      .executeTakeFirst();
  }

  /** How many wait for an operator, and since when the oldest has (null when none waits). */
  async pendingQueue(executor: Executor): Promise<{ count: number; oldest: Date | null }> {
    const row = await executor
      .selectFrom('withdrawals')
      .select([sql<number>`count(*)`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { count: row.n, oldest: row.oldest === null ? null : new Date(row.oldest) };
  }

  async countPending(executor: Executor): Promise<number> {
    const row = await executor
      .selectFrom('withdrawals')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Pending count, the amount they hold, and the total paid out, for one user. */
  async summary(
    executor: Executor,
    userId: string,
  ): Promise<{ pending: number; heldTotal: number; paidTotal: number }> {
    const row = await executor
      .selectFrom('withdrawals')
      .select([
        sql<number>`count(*) filter (where status = 'pending')`.as('pending'),
        sql<number>`coalesce(sum(amount) filter (where status = 'pending'), 0)::int8`.as('held_total'),
        sql<number>`coalesce(sum(amount) filter (where status = 'paid'), 0)::int8`.as('paid_total'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      pending: row.pending,
      heldTotal: row.held_total,
      paidTotal: row.paid_total,
    };
  }
}
