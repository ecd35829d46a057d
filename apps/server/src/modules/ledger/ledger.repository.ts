/**
 * The ledger's SQL. Balances of user cash accounts change only through debitUserCash/creditUserCash,
 * called by the ledger service in the same transaction as the transfer they account for.
 */
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, LedgerAccountKind, LedgerTransferRow } from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export type SystemAccountKind = Exclude<LedgerAccountKind, 'user_cash'>;

// ---- references and keys ------------------------------------------------------------------------------
// What a transfer is for, and the idempotency key that makes it happen once. Keys are built here and
// nowhere else (in TypeScript for one transfer, in SQL for a set-based post) and only ever compared
// whole: no code and no query takes a key apart. A key is `<ref type>:<ref id>`, plus `:<leg>` when one
// reference moves money more than once (a withdrawal is held, then paid or refunded).

export interface LedgerLegs {
  deposit: never;
  withdrawal: 'hold' | 'paid' | 'refund';
  position: 'stake' | 'return' | 'win' | 'lost' | 'refund';
  adjustment: never;
  referral: never;
}

export type LedgerRefType = keyof LedgerLegs;

/** A reference, with its leg when its kind has legs: `{ type: 'withdrawal', id, leg: 'hold' }`. */
export type LedgerReference = {
  [K in LedgerRefType]: [LedgerLegs[K]] extends [never]
    ? { type: K; id: string }
    : { type: K; id: string; leg: LedgerLegs[K] };
}[LedgerRefType];

export function ledgerKey(reference: LedgerReference): string {
  const base = `${reference.type}:${reference.id}`;
  return 'leg' in reference ? `${base}:${reference.leg}` : base;
}

/** ledgerKey inside a statement: `refType`, `refId` and `leg` are SQL expressions (`leg` null: none). */
function ledgerKeySql(refType: RawBuilder<unknown>, refId: RawBuilder<unknown>, leg: RawBuilder<unknown>) {
  return sql<string>`${refType} || ':' || ${refId} || coalesce(':' || ${leg}, '')`;
}

/** The key of one leg of a position whose id is the SQL expression `positionId`. */
function positionKeySql(positionId: RawBuilder<unknown>, leg: LedgerLegs['position']) {
  return ledgerKeySql(sql`'position'`, positionId, sql.lit(leg));
}

export interface CashAccount {
  id: string;
  balance: number;
}

/** A cash account with its materialised turnover (what the withdrawable rule needs). */
export interface CashAccountFigures extends CashAccount {
  totalDeposited: number;
  totalStaked: number;
}

/**
 * The materialised turnover columns a transfer of `code` changes on its user side: deposits credited,
 * stakes debited. Set in the same UPDATE as the balance, so they can never disagree with the transfers.
 */
function turnoverSet(code: string, side: 'credit' | 'debit', amount: number) {
  const deposited = side === 'credit' && code === 'deposit' ? amount : 0;
  const staked = side === 'debit' && code === 'stake' ? amount : 0;
  return {
    total_deposited: sql<number>`total_deposited + ${deposited}`,
    total_staked: sql<number>`total_staked + ${staked}`,
  };
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

/** A transfer with the balances its user cash sides will have right after it (null: a system side). */
export interface NewTransferWithBalances extends NewTransfer {
  debitBalanceAfter: number | null;
  creditBalanceAfter: number | null;
}

export interface TrialBalanceRow {
  kind: LedgerAccountKind;
  accounts: number;
  debits: number;
  credits: number;
}

export interface TransferSearch {
  /** Ledger account ids the transfer must touch (on either side); all of them when several. */
  accountIds: string[];
  code?: string | undefined;
  reference?: string | undefined;
  /** Ref ids whose human reference (a deposit's "D…") is `reference`, found by their kinds. */
  referenceIds?: readonly string[] | undefined;
}

/** A transfer with each side named: the system account's kind, or `user:<account name>`. */
export interface NamedTransferRow {
  id: string | number;
  code: string;
  ref_type: string;
  ref_id: string;
  amount: number;
  created_at: Date;
  debit_kind: LedgerAccountKind;
  debit_user: string | null;
  credit_kind: LedgerAccountKind;
  credit_user: string | null;
}

/** A transaction record as entriesForAccount reads it: what it was for is described by its kind. */
export interface AccountEntryRow {
  id: string | number;
  code: string;
  ref_type: string;
  ref_id: string;
  amount: number;
  created_at: Date;
  balance_after: number | null;
  incoming: boolean;
  /** On a winnings row: the stake paid back with it (listed as one line). */
  returned: number | null;
}

export interface AuditRow {
  id: string;
  kind: LedgerAccountKind;
  balance: number;
  fromTransfers: number;
}

/** A new user's cash account: called in the same transaction as the user's insert. */
/** One transfer as the ledger digest reads it. */
export interface DigestTransferRow {
  id: number;
  debit_account_id: string;
  credit_account_id: string;
  amount: number;
  code: string;
  ref_type: string;
  ref_id: string;
  idempotency_key: string;
  created_at: Date;
}

export class LedgerRepository {
  /**
   * The ledger's part of the batched placement, as common table expressions of the one statement
   * PositionsRepository.placeBatch sends. It reads that statement's `ctx` (one row per placement:
   * user_id, account_id, amount, position_id...) and `claimed` (the users whose idempotency claim was
   * made), and defines `locked` (their cash accounts, SKIP LOCKED), `debit` (the conditional debits, never
   * below the stake nor the entry minimum, with each row's balance after) and `transfer` (the stake
   * transfers to escrow, as LedgerRepository.transfer would write them one by one).
   */
  batchStakes(args: { escrowAccountId: string; at: Date; entryMinimum: number }): RawBuilder<unknown> {
    return sql`locked as (
        select a.id from ledger_accounts a
        where a.id in (select account_id from ctx where user_id = any ((select users from claimed)::uuid[]))
        for no key update skip locked
      ),
      debit as (
        update ledger_accounts a set balance = a.balance - c.amount, total_staked = a.total_staked + c.amount
        from ctx c
        where a.id = c.account_id and a.id in (select id from locked) and a.kind = 'user_cash'
          and a.balance >= c.amount and a.balance >= ${args.entryMinimum}::bigint
        returning c.*, a.balance as balance_after
      ),
      transfer as (
        insert into ledger_transfers
          (debit_account_id, credit_account_id, amount, code, ref_type, ref_id, idempotency_key, created_at,
            debit_balance_after)
        select account_id, ${args.escrowAccountId}::uuid, amount, 'stake', 'position', position_id::text,
          ${positionKeySql(sql`position_id::text`, 'stake')}, ${args.at}::timestamptz, balance_after
        from debit
        returning id
      )`;
  }

  /**
   * What the ledger moved for these positions, found by their keys (unique index): how many had a stake
   * transfer, the stakes, and the payouts (the stake returned and the winnings). A refund is not a payout.
   */
  async positionTotals(
    executor: Executor,
    positionIds: readonly string[],
  ): Promise<{ positions: number; staked: number; paid: number }> {
    const leg = (alias: string, name: LedgerLegs['position']) =>
      sql`left join ledger_transfers ${sql.raw(alias)}
        on ${sql.ref(`${alias}.idempotency_key`)} = ${positionKeySql(sql`p.id`, name)}`;
    const result = await sql<{ positions: number; staked: number; paid: number }>`
      select count(s.id)::int as positions, coalesce(sum(s.amount), 0)::int8 as staked,
        (coalesce(sum(r.amount), 0) + coalesce(sum(w.amount), 0))::int8 as paid
      from unnest(${[...positionIds]}::text[]) as p (id)
      ${leg('s', 'stake')} ${leg('r', 'return')} ${leg('w', 'win')}
    `.execute(executor);
    return result.rows[0] ?? { positions: 0, staked: 0, paid: 0 };
  }

  /** A new user's cash account, at zero. */
  async openUserAccount(executor: Executor, userId: string): Promise<void> {
    await executor.insertInto('ledger_accounts').values({ kind: 'user_cash', user_id: userId }).execute();
  }

  async systemAccountIds(executor: Executor): Promise<Map<SystemAccountKind, string>> {
    const rows = await executor
      .selectFrom('ledger_accounts')
      .select(['id', 'kind'])
      .where('kind', '<>', 'user_cash')
      .execute();
    return new Map(rows.map((row) => [row.kind as SystemAccountKind, row.id]));
  }

  async userAccountFigures(executor: Executor, userId: string): Promise<CashAccountFigures | undefined> {
    const row = await executor
      .selectFrom('ledger_accounts')
      .select(['id', 'balance', 'total_deposited', 'total_staked'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        balance: row.balance,
        totalDeposited: row.total_deposited,
        totalStaked: row.total_staked,
      }
    );
  }

  async userAccount(executor: Executor, userId: string): Promise<CashAccount | undefined> {
    const row = await executor
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { id: row.id, balance: row.balance };
  }

  /** Locks the user's cash row until the transaction ends: their money operations queue behind it. */
  async lockUserAccount(trx: Transaction<DB>, userId: string): Promise<CashAccount | undefined> {
    const row = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    return row && { id: row.id, balance: row.balance };
  }

  /**
   * Undefined when a transfer with this idempotency key already exists (then nothing was written). The
   * caller holds the lock of every user cash side, so the balances after it are exact.
   */
  insertTransfer(
    trx: Transaction<DB>,
    transfer: NewTransferWithBalances,
  ): Promise<LedgerTransferRow | undefined> {
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
        debit_balance_after: transfer.debitBalanceAfter,
        credit_balance_after: transfer.creditBalanceAfter,
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

  /**
   * The hot path's transfer out of a user's cash account, in ONE statement: the balance is debited —
   * conditionally, so it never goes below zero, and only when no transfer holds the key yet — and the
   * transfer is inserted from what the debit returned, so it carries the balance right after it.
   * `inserted` true: done. `inserted` false and `debited` false: the key existed (`existed`, nothing
   * changed) or the balance does not cover the amount. `debited` true without `inserted`: a concurrent
   * transfer took the key between the check and the insert, and the caller must roll back.
   */
  async insertTransferAndDebit(
    trx: Transaction<DB>,
    transfer: NewTransfer,
  ): Promise<{ inserted: boolean; debited: boolean; existed: boolean; id: string | null }> {
    const result = await sql<{ id: string | number | null; debited: number; existed: boolean }>`
      with debited as (
        -- ::int8: beside the literal 0, PostgreSQL would type the parameter int4 and refuse an amount above
        -- 2^31 - 1 cents (about 21 million dollars), which a room may allow as a stake (decision 0042).
        update ledger_accounts set balance = balance - ${transfer.amount},
          total_staked = total_staked + case when ${transfer.code} = 'stake' then ${transfer.amount}::int8 else 0 end
        where ledger_accounts.id = ${transfer.debitAccountId} and ledger_accounts.kind = 'user_cash'
          and ledger_accounts.balance >= ${transfer.amount}
          and not exists (select 1 from ledger_transfers where idempotency_key = ${transfer.idempotencyKey})
        returning ledger_accounts.balance
      ), inserted as (
        insert into ledger_transfers
          (debit_account_id, credit_account_id, amount, code, ref_type, ref_id, idempotency_key, created_at,
            debit_balance_after)
        select ${transfer.debitAccountId}, ${transfer.creditAccountId}, ${transfer.amount}, ${transfer.code},
          ${transfer.refType}, ${transfer.refId}, ${transfer.idempotencyKey}, ${transfer.createdAt},
          debited.balance
        from debited
        on conflict (idempotency_key) do nothing
        returning id
      )
      select (select id from inserted) as id, (select count(*)::int from debited) as debited,
        exists (select 1 from ledger_transfers where idempotency_key = ${transfer.idempotencyKey}) as existed
    `.execute(trx);
    const row = result.rows[0];
    const id = row?.id ?? null;
    return {
      inserted: id !== null,
      debited: (row?.debited ?? 0) === 1,
      existed: row?.existed === true,
      id: id === null ? null : String(id),
    };
  }

  /**
   * Bulk posting (settlement): inserts every row of `source` with a positive amount as a transfer out of
   * a SYSTEM account (named by kind, so a bulk post can never debit a user), and credits the user cash
   * accounts by exactly what was inserted, one UPDATE grouped by account — all in one statement. Each
   * transfer still carries its unique idempotency key: a key that already exists fails the statement and
   * the caller's transaction (a bulk post is only ever made once, under the caller's claim, so a
   * duplicate would be a bug to stop on, not to skip).
   *
   * `source` selects (debit_kind, credit_account_id, amount, code, ref_type, ref_id, leg): the key of
   * each transfer is built here from its reference and leg, as ledgerKey builds it.
   */
  async postBulk(
    trx: Transaction<DB>,
    source: RawBuilder<unknown>,
    at: Date,
  ): Promise<{ transfers: number; accountsCredited: number }> {
    // The credited user accounts are locked first (in id order, as every multi-account writer does) and
    // read as they are now, so each transfer can carry its account's balance right after it: the
    // account's balance plus the running sum of its transfers in this post, in insertion order.
    const result = await sql<{ transfers: number; accounts: number }>`
      with source as (${source}),
      postable as (
        select s.*, ${ledgerKeySql(sql`s.ref_type`, sql`s.ref_id`, sql`s.leg`)} as idempotency_key,
          d.id as debit_account_id
        from source s
        join ledger_accounts d on d.kind = s.debit_kind and d.kind <> 'user_cash'
        where s.amount > 0
      ),
      locked as (
        select a.id, a.balance from ledger_accounts a
        where a.kind = 'user_cash' and a.id in (select credit_account_id from postable)
        order by a.id
        for no key update
      ),
      ordered as (
        select p.*, case when l.id is null then null else l.balance + sum(p.amount) over (
            partition by p.credit_account_id order by p.idempotency_key
            rows between unbounded preceding and current row) end as credit_balance_after
        from postable p left join locked l on l.id = p.credit_account_id
        order by p.credit_account_id, p.idempotency_key
      ),
      inserted as (
        insert into ledger_transfers
          (debit_account_id, credit_account_id, amount, code, ref_type, ref_id, idempotency_key, created_at,
            credit_balance_after)
        select debit_account_id, credit_account_id, amount, code, ref_type, ref_id, idempotency_key, ${at},
          credit_balance_after
        from ordered
        returning credit_account_id, amount, code
      ), credited as (
        update ledger_accounts a set balance = a.balance + c.total,
          total_deposited = a.total_deposited + c.deposited
        from (select credit_account_id, sum(amount) as total,
            coalesce(sum(amount) filter (where code = 'deposit'), 0) as deposited
          from inserted group by credit_account_id) c
        where a.id = c.credit_account_id and a.kind = 'user_cash'
        returning a.id
      )
      select (select count(*)::int from inserted) as transfers, (select count(*)::int from credited) as accounts
    `.execute(trx);
    const row = result.rows[0];
    return { transfers: row?.transfers ?? 0, accountsCredited: row?.accounts ?? 0 };
  }

  /** The conditional debit: false (and nothing changed) when the balance does not cover the amount. */
  async debitUserCash(
    trx: Transaction<DB>,
    accountId: string,
    amount: number,
    code: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance - ${amount}`, ...turnoverSet(code, 'debit', amount) })
      .where('id', '=', accountId)
      .where('kind', '=', 'user_cash')
      .where('balance', '>=', amount)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async creditUserCash(trx: Transaction<DB>, accountId: string, amount: number, code: string): Promise<void> {
    const result = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${amount}`, ...turnoverSet(code, 'credit', amount) })
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
      .select(sql<number>`coalesce(sum(amount), 0)::int8`.as('total'))
      .where(column, '=', accountId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row?.total ?? 0;
  }

  /** Transfers on either side of one account, newest first, `limit` + 1 rows. */
  listForAccount(
    executor: Executor,
    accountId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<LedgerTransferRow[]> {
    const query = executor
      .selectFrom('ledger_transfers')
      .selectAll()
      .where((eb) =>
        eb.or([eb('debit_account_id', '=', accountId), eb('credit_account_id', '=', accountId)]),
      );
    return paginate(query, cursor, limit).execute();
  }

  /**
   * The user's transaction records, newest first, `limit` + 1 rows, each with its balance after. A won
   * position is paid by two transfers (the stake back from escrow, the winnings from the house) made in
   * one statement: they are listed as ONE line, the winnings row carrying the returned stake
   * (`returned`) and the balance after both; the stake-return row is left out when a winnings row
   * follows it. The legs are found by their keys (unique index): a page costs the same whatever the
   * history.
   */
  async entriesForAccount(
    executor: Executor,
    accountId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<AccountEntryRow[]> {
    const after = cursor
      ? sql`and (t.created_at, t.id) < (${cursor.createdAt}, ${cursor.id}::bigint)`
      : sql``;
    const isLeg = (leg: LedgerLegs['position']) =>
      sql`t.code = 'payout' and t.ref_type = 'position'
        and t.idempotency_key = ${positionKeySql(sql`t.ref_id`, leg)}`;
    const result = await sql<AccountEntryRow>`
      select t.id, t.code, t.ref_type, t.ref_id, t.amount, t.created_at,
        case when t.credit_account_id = ${accountId} then t.credit_balance_after else t.debit_balance_after end
          as balance_after,
        t.credit_account_id = ${accountId} as incoming,
        ret.amount as returned
      from ledger_transfers t
      left join ledger_transfers ret on ${isLeg('win')}
        and ret.idempotency_key = ${positionKeySql(sql`t.ref_id`, 'return')}
      where (t.debit_account_id = ${accountId} or t.credit_account_id = ${accountId}) ${after}
        and not (${isLeg('return')} and exists (select 1 from ledger_transfers win
          where win.idempotency_key = ${positionKeySql(sql`t.ref_id`, 'win')}))
      order by t.created_at desc, t.id desc
      limit ${limit + 1}
    `.execute(executor);
    return result.rows;
  }

  /** Every account with its materialised balance and the balance its transfers imply. */
  async auditRows(executor: Executor): Promise<AuditRow[]> {
    const result = await sql<{
      id: string;
      kind: LedgerAccountKind;
      balance: number;
      from_transfers: number;
    }>`
      select a.id, a.kind, a.balance,
        (coalesce(c.total, 0) - coalesce(d.total, 0))::int8 as from_transfers
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
      balance: row.balance,
      fromTransfers: row.from_transfers,
    }));
  }

  /** Debits and credits per account kind, in one statement (one snapshot). */
  async trialBalance(executor: Executor): Promise<TrialBalanceRow[]> {
    const result = await sql<{
      kind: LedgerAccountKind;
      accounts: number;
      debits: number;
      credits: number;
    }>`
      select a.kind, count(*)::int as accounts,
        coalesce(sum(d.total), 0)::int8 as debits, coalesce(sum(c.total), 0)::int8 as credits
      from ledger_accounts a
      left join (
        select debit_account_id as id, sum(amount) as total from ledger_transfers group by debit_account_id
      ) d on d.id = a.id
      left join (
        select credit_account_id as id, sum(amount) as total from ledger_transfers group by credit_account_id
      ) c on c.id = a.id
      group by a.kind
      order by a.kind
    `.execute(executor);
    return result.rows.map((row) => ({
      kind: row.kind,
      accounts: row.accounts,
      debits: row.debits,
      credits: row.credits,
    }));
  }

  /** The id of a ledger account named by its id or by a system account's kind; undefined when none. */
  async accountIdByName(executor: Executor, name: string): Promise<string | undefined> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(name);
    const row = await executor
      .selectFrom('ledger_accounts')
      .select('id')
      .where((eb) =>
        uuid ? eb('id', '=', name) : eb.and([eb('kind', '=', name as never), eb('kind', '<>', 'user_cash')]),
      )
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Transfers matching every filter, newest first, `limit` + 1 rows. `reference` matches the transfer's
   * ref id, `<ref type>:<ref id>`, or one of `referenceIds`.
   */
  searchTransfers(
    executor: Executor,
    search: TransferSearch,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<NamedTransferRow[]> {
    let query = executor
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as da', 'da.id', 't.debit_account_id')
      .innerJoin('ledger_accounts as ca', 'ca.id', 't.credit_account_id')
      .leftJoin('users as du', 'du.id', 'da.user_id')
      .leftJoin('users as cu', 'cu.id', 'ca.user_id')
      .select([
        't.id',
        't.code',
        't.ref_type',
        't.ref_id',
        't.amount',
        't.created_at',
        'da.kind as debit_kind',
        'du.username as debit_user',
        'ca.kind as credit_kind',
        'cu.username as credit_user',
      ]);
    for (const accountId of search.accountIds) {
      query = query.where((eb) =>
        eb.or([eb('t.debit_account_id', '=', accountId), eb('t.credit_account_id', '=', accountId)]),
      );
    }
    if (search.code) query = query.where('t.code', '=', search.code);
    const reference = search.reference;
    if (reference) {
      const ids = search.referenceIds ?? [];
      query = query.where((eb) =>
        eb.or([
          eb('t.ref_id', '=', reference),
          eb(sql<string>`t.ref_type || ':' || t.ref_id`, '=', reference),
          ...(ids.length > 0 ? [eb('t.ref_id', 'in', ids)] : []),
        ]),
      );
    }
    return paginate(query, cursor, limit, ['t.created_at', 't.id']).execute();
  }

  /** Sum of the transfers with `code` made since `since`, optionally only into or out of one system account. */
  async sumSince(
    executor: Executor,
    code: string,
    since: Date,
    side?: { credit?: string; debit?: string },
  ): Promise<number> {
    let query = executor
      .selectFrom('ledger_transfers')
      .select(sql<number>`coalesce(sum(amount), 0)::int8`.as('total'))
      .where('code', '=', code)
      .where('created_at', '>=', since);
    if (side?.credit) query = query.where('credit_account_id', '=', side.credit);
    if (side?.debit) query = query.where('debit_account_id', '=', side.debit);
    const row = await query.executeTakeFirst();
    return row?.total ?? 0;
  }

  /** Transfers after an id, in id order: the digest's pages (every column that says what moved). */
  async transfersAfter(executor: Executor, afterId: number, limit: number): Promise<DigestTransferRow[]> {
    const rows = await executor
      .selectFrom('ledger_transfers')
      .select([
        'id',
        'debit_account_id',
        'credit_account_id',
        'amount',
        'code',
        'ref_type',
        'ref_id',
        'idempotency_key',
        'created_at',
      ])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async countTransfers(executor: Executor): Promise<number> {
    const row = await executor
      .selectFrom('ledger_transfers')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
