/**
 * The ledger's SQL. Balances of user cash accounts change only through debitUserCash/creditUserCash,
 * called by the ledger service in the same transaction as the transfer they account for.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { toCents } from '../../platform/db/cents.ts';
import type { DB, LedgerAccountKind, LedgerTransferRow } from '../../platform/db/schema.ts';
import type { PageCursor } from '../../platform/pagination.ts';

export type Executor = Kysely<DB> | Transaction<DB>;
export type SystemAccountKind = Exclude<LedgerAccountKind, 'user_cash'>;
export const SYSTEM_ACCOUNT_KINDS: readonly SystemAccountKind[] = [
  'house',
  'deposits_clearing',
  'withdrawals_clearing',
  'external',
];

export interface CashAccount {
  id: string;
  balance: number;
}

export interface NewTransfer {
  debitAccountId: string;
  creditAccountId: string;
  amount: number;
  code: string;
  refType: string;
  refId: string;
  idempotencyKey: string;
  createdAt: Date;
}

export interface AuditRow {
  id: string;
  kind: LedgerAccountKind;
  balance: number;
  fromTransfers: number;
}

/** A new user's cash account: called in the same transaction as the user's insert. */
export async function insertUserCashAccount(executor: Executor, userId: string): Promise<void> {
  await executor.insertInto('ledger_accounts').values({ kind: 'user_cash', user_id: userId }).execute();
}

export class LedgerRepository {
  async systemAccountIds(executor: Executor): Promise<Map<SystemAccountKind, string>> {
    const rows = await executor
      .selectFrom('ledger_accounts')
      .select(['id', 'kind'])
      .where('kind', '<>', 'user_cash')
      .execute();
    return new Map(rows.map((row) => [row.kind as SystemAccountKind, row.id]));
  }

  async userAccount(executor: Executor, userId: string): Promise<CashAccount | undefined> {
    const row = await executor
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { id: row.id, balance: toCents(row.balance) };
  }

  /** Locks the user's cash row until the transaction ends: their money operations queue behind it. */
  async lockUserAccount(trx: Transaction<DB>, userId: string): Promise<CashAccount | undefined> {
    const row = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    return row && { id: row.id, balance: toCents(row.balance) };
  }

  /** Undefined when a transfer with this idempotency key already exists (then nothing was written). */
  insertTransfer(trx: Transaction<DB>, transfer: NewTransfer): Promise<LedgerTransferRow | undefined> {
    return trx
      .insertInto('ledger_transfers')
      .values({
        debit_account_id: transfer.debitAccountId,
        credit_account_id: transfer.creditAccountId,
        amount: transfer.amount,
        code: transfer.code,
        ref_type: transfer.refType,
        ref_id: transfer.refId,
        idempotency_key: transfer.idempotencyKey,
        created_at: transfer.createdAt,
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findTransferByKey(executor: Executor, idempotencyKey: string): Promise<LedgerTransferRow | undefined> {
    return executor
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /** The conditional debit: false (and nothing changed) when the balance does not cover the amount. */
  async debitUserCash(trx: Transaction<DB>, accountId: string, amount: number): Promise<boolean> {
    const result = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance - ${amount}` })
      .where('id', '=', accountId)
      .where('kind', '=', 'user_cash')
      .where('balance', '>=', amount)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async creditUserCash(trx: Transaction<DB>, accountId: string, amount: number): Promise<void> {
    const result = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${amount}` })
      .where('id', '=', accountId)
      .where('kind', '=', 'user_cash')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`no user cash account ${accountId}`);
  }

  /** Sum of the transfers with `code` into (credit) or out of (debit) one account. */
  async sumByCode(
    executor: Executor,
    accountId: string,
    code: string,
    side: 'credit' | 'debit',
  ): Promise<number> {
    const column = side === 'credit' ? 'credit_account_id' : 'debit_account_id';
    const row = await executor
      .selectFrom('ledger_transfers')
      .select(sql<string | null>`sum(amount)`.as('total'))
      .where(column, '=', accountId)
      .where('code', '=', code)
      .executeTakeFirst();
    return toCents(row?.total ?? null);
  }

  /** Transfers on either side of one account, newest first, `limit` + 1 rows. */
  listForAccount(
    executor: Executor,
    accountId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<LedgerTransferRow[]> {
    let query = executor
      .selectFrom('ledger_transfers')
      .selectAll()
      .where((eb) =>
        eb.or([eb('debit_account_id', '=', accountId), eb('credit_account_id', '=', accountId)]),
      );
    if (cursor) {
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id as never)),
      );
    }
    return query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** Every account with its materialised balance and the balance its transfers imply. */
  async auditRows(executor: Executor): Promise<AuditRow[]> {
    const result = await sql<{
      id: string;
      kind: LedgerAccountKind;
      balance: unknown;
      from_transfers: unknown;
    }>`
      select a.id, a.kind, a.balance,
        coalesce(c.total, 0) - coalesce(d.total, 0) as from_transfers
      from ledger_accounts a
      left join (
        select credit_account_id as id, sum(amount) as total from ledger_transfers group by credit_account_id
      ) c on c.id = a.id
      left join (
        select debit_account_id as id, sum(amount) as total from ledger_transfers group by debit_account_id
      ) d on d.id = a.id
    `.execute(executor);
    return result.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      balance: toCents(row.balance),
      fromTransfers: toCents(row.from_transfers),
    }));
  }

  async countTransfers(executor: Executor): Promise<number> {
    const row = await executor
      .selectFrom('ledger_transfers')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return toCents(row.n);
  }
}
