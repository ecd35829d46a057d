/** Deposits: the only SQL about them. */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type {
  DB,
  DepositMethodColumn,
  DepositRow,
  DepositStatusColumn,
  WalletTypeColumn,
} from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface NewDeposit {
  id: string;
  reference: string;
  userId: string;
  method: DepositMethodColumn;
  amount: number;
  depositorName: string | null;
  network: WalletTypeColumn | null;
  txHash: string | null;
  receiptUploadId: string | null;
  checkoutId: string | null;
  checkoutUrl: string | null;
  at: Date;
}

export type AdminDepositRow = DepositRow & { account: string };

export interface Decision {
  status: Exclude<DepositStatusColumn, 'pending'>;
  decidedBy: string;
  reason: string | null;
  at: Date;
}

/** The unique index behind "this transaction hash was already submitted". */
export const DEPOSITS_TX_HASH_KEY = 'deposits_tx_hash_key';

export class DepositsRepository {
  insert(trx: Transaction<DB>, deposit: NewDeposit): Promise<DepositRow> {
    return trx
      .insertInto('deposits')
      .values({
        id: deposit.id,
        reference: deposit.reference,
        user_id: deposit.userId,
        method: deposit.method,
        amount: deposit.amount,
        depositor_name: deposit.depositorName,
        network: deposit.network,
        tx_hash: deposit.txHash,
        receipt_upload_id: deposit.receiptUploadId,
        checkout_id: deposit.checkoutId,
        checkout_url: deposit.checkoutUrl,
        reject_reason: null,
        decided_by: null,
        created_at: deposit.at,
        decided_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Whether any deposit already names this on-chain transaction (same rule as the unique index). */
  async txHashUsed(executor: Executor, txHash: string): Promise<boolean> {
    const row = await executor
      .selectFrom('deposits')
      .select('id')
      .where(
        sql<string>`lower(regexp_replace(tx_hash, '^0[xX]', ''))`,
        '=',
        txHash.replace(/^0x/i, '').toLowerCase(),
      )
      .where('tx_hash', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** What the transaction records show of these deposits (by id). */
  describe(executor: Executor, ids: readonly string[]) {
    return executor
      .selectFrom('deposits')
      .select(['id', 'reference', 'method'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The deposits a human reference ("D7K3Q9ZPX2") names: none or one. */
  async idsByReference(executor: Executor, reference: string): Promise<string[]> {
    const rows = await executor
      .selectFrom('deposits')
      .select('id')
      .where('reference', '=', reference)
      .execute();
    return rows.map((row) => row.id);
  }

  findById(executor: Executor, id: string): Promise<DepositRow | undefined> {
    return executor.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The deposit a card checkout pays for, locked until the transaction ends. */
  findByCheckoutForUpdate(trx: Transaction<DB>, checkoutId: string): Promise<DepositRow | undefined> {
    return trx
      .selectFrom('deposits')
      .selectAll()
      .where('checkout_id', '=', checkoutId)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * pending -> approved/rejected, only if still pending: of two concurrent decisions exactly one gets the
   * row back (the other waits for the row lock, re-checks `status = 'pending'` and updates nothing).
   */
  decide(trx: Transaction<DB>, id: string, decision: Decision): Promise<DepositRow | undefined> {
    return trx
      .updateTable('deposits')
      .set({
        status: decision.status,
        decided_by: decision.decidedBy,
        decided_at: decision.at,
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
  ): Promise<DepositRow[]> {
    const query = executor.selectFrom('deposits').selectAll().where('user_id', '=', userId);
    return paginate(query, cursor, limit).execute();
  }

  listAll(
    executor: Executor,
    filter: {
      status?: DepositStatusColumn | undefined;
      method?: DepositMethodColumn | undefined;
      userId?: string | undefined;
    },
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<AdminDepositRow[]> {
    let query = executor
      .selectFrom('deposits')
      .innerJoin('users', 'users.id', 'deposits.user_id')
      .selectAll('deposits')
      .select('users.username as account');
    if (filter.status) query = query.where('deposits.status', '=', filter.status);
    if (filter.method) query = query.where('deposits.method', '=', filter.method);
    if (filter.userId) query = query.where('deposits.user_id', '=', filter.userId);
    return paginate(query, cursor, limit, ['deposits.created_at', 'deposits.id']).execute();
  }

  findAdmin(executor: Executor, id: string): Promise<AdminDepositRow | undefined> {
    return executor
      .selectFrom('deposits')
      .innerJoin('users', 'users.id', 'deposits.user_id')
      .selectAll('deposits')
      .select('users.username as account')
      .where('deposits.id', '=', id)
      .executeTakeFirst();
  }

  /** How many wait for an operator, and since when the oldest has (null when none waits). */
  async pendingQueue(executor: Executor): Promise<{ count: number; oldest: Date | null }> {
    const row = await executor
      .selectFrom('deposits')
      .select([sql<number>`count(*)`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { count: row.n, oldest: row.oldest === null ? null : new Date(row.oldest) };
  }

  async countPending(executor: Executor): Promise<number> {
    const row = await executor
      .selectFrom('deposits')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Pending count and approved total of one user's deposits. */
  async summary(executor: Executor, userId: string): Promise<{ pending: number; approvedTotal: number }> {
    const row = await executor
      .selectFrom('deposits')
      .select([
        sql<number>`count(*) filter (where status = 'pending')`.as('pending'),
        sql<number>`coalesce(sum(amount) filter (where status = 'approved'), 0)::int8`.as('approved_total'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { pending: row.pending, approvedTotal: row.approved_total };
  }
}
