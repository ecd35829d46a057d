/**
 * The ledger (DESIGN §5): the only code that writes transfers. A transfer moves `amount` from its debit
 * account to its credit account. In the caller's transaction it
 *   1. inserts the transfer under its idempotency key — a repeat of the key is a no-op that returns the
 *      first transfer (a concurrent repeat waits on the unique index, then sees it);
 *   2. changes the user cash balance it touches by a conditional update: a debit only succeeds when the
 *      balance covers it (INSUFFICIENT_FUNDS otherwise, and the caller's transaction rolls back), so a
 *      balance never goes below zero and is never read-then-written.
 * System accounts are never updated per operation: their balance is what their transfers sum to.
 */
import type {
  adminLedgerEntrySchema,
  adminTransferSchema,
  LedgerAuditResponse,
  TransactionPurpose,
  TransactionView,
  transferSearchQuerySchema,
  trialBalanceSchema,
} from '@tradehall/contracts';
import type { LedgerCode } from '@tradehall/domain';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, type Page, SERIAL_ID } from '../../platform/pagination.ts';
import type {
  AccountEntryRow,
  CashAccount,
  CashAccountFigures,
  LedgerReference,
  LedgerRefType,
  LedgerRepository,
  NamedTransferRow,
  NewTransfer,
  SystemAccountKind,
} from './ledger.repository.ts';
import { ledgerKey } from './ledger.repository.ts';
import { auditLedger } from './ledger-audit.ts';

export type { LedgerReference } from './ledger.repository.ts';

/** Either side of a transfer: a user's cash account or one of the system accounts. */
export type AccountRef = { userId: string } | { system: SystemAccountKind };

export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  code: LedgerCode;
  /** What the transfer is for; its idempotency key is built from it (ledgerKey). */
  reference: LedgerReference;
  at: Date;
}

/**
 * How one kind of reference shows in the records: the purposes of a page's transfers of that kind (by
 * ref id; a missing one shows as `other`) and, for the console's search, the ids whose human reference
 * is the one searched for. A new kind of money movement registers one (LedgerService.registerKind).
 */
export interface ReferenceKind {
  describe(executor: Executor, refIds: readonly string[]): Promise<Map<string, TransactionPurpose>>;
  findByReference?(executor: Executor, reference: string): Promise<string[]>;
}

/** A ReferenceKind from the module's read of its rows by id and what each row says in the records. */
export function describedBy<Row extends { id: string }>(
  read: (executor: Executor, ids: readonly string[]) => Promise<Row[]>,
  purpose: (row: Row) => TransactionPurpose,
  findByReference?: ReferenceKind['findByReference'],
): ReferenceKind {
  return {
    describe: async (executor, ids) =>
      new Map((await read(executor, ids)).map((row) => [row.id, purpose(row)])),
    ...(findByReference && { findByReference }),
  };
}

export type TrialBalance = z.infer<typeof trialBalanceSchema>;
export type AdminTransfer = z.infer<typeof adminTransferSchema>;
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;
export type TransferSearchQuery = z.infer<typeof transferSearchQuerySchema>;

/** The order the trial balance lists account kinds in: users first, then money in, out, trading. */
const KIND_ORDER = [
  'user_cash',
  'deposits_clearing',
  'withdrawals_clearing',
  'external',
  'stakes_escrow',
  'house',
];

export interface TransferResult {
  id: string;
  /** True when the key had been used already: nothing was written this time. */
  replayed: boolean;
  /** The balance a user cash side has right after it (the credited one when both are users). */
  userBalance: number | null;
}

export interface LedgerServiceDeps {
  db: Kysely<DB>;
  repository: LedgerRepository;
  clock: Clock;
}

export class LedgerService {
  #systemAccounts: Map<SystemAccountKind, string> | null = null;
  readonly #kinds = new Map<string, ReferenceKind>();

  constructor(private readonly deps: LedgerServiceDeps) {}

  /** Every user has one cash account from the moment the user exists (same transaction). */
  openUserAccount(executor: Executor, userId: string): Promise<void> {
    return this.deps.repository.openUserAccount(executor, userId);
  }

  /** How transfers of `refType` are described in the records (registered once, at composition). */
  registerKind(refType: LedgerRefType, kind: ReferenceKind): void {
    if (this.#kinds.has(refType)) throw new Error(`reference kind ${refType} registered twice`);
    this.#kinds.set(refType, kind);
  }

  audit(): Promise<LedgerAuditResponse> {
    return auditLedger(this.deps.db, this.deps.clock.now());
  }

  async transfer(trx: Transaction<DB>, request: TransferRequest): Promise<TransferResult> {
    // The user sides are locked before the insert (in user id order when there are two), so the balances
    // the transfer records as "after" it are exactly the ones the updates below leave.
    const toFirst =
      'userId' in request.from && 'userId' in request.to && request.to.userId < request.from.userId;
    const early = await this.resolve(trx, toFirst ? request.to : request.from);
    const late = await this.resolve(trx, toFirst ? request.from : request.to);
    const [debit, credit] = toFirst ? [late, early] : [early, late];
    const transfer = newTransfer(request, debit.id, credit.id);
    const { idempotencyKey } = transfer;
    const debitBalanceAfter = debit.balance === null ? null : debit.balance - request.amount;
    const creditBalanceAfter = credit.balance === null ? null : credit.balance + request.amount;
    const inserted = await this.deps.repository.insertTransfer(trx, {
      ...transfer,
      debitBalanceAfter,
      creditBalanceAfter,
    });
    if (!inserted) {
      const existing = await this.deps.repository.findTransferByKey(trx, idempotencyKey);
      if (!existing) throw new Error(`transfer ${idempotencyKey} conflicted but cannot be found`);
      // The same key must always mean the same movement; anything else is a bug in the caller.
      if (
        existing.debit_account_id !== debit.id ||
        existing.credit_account_id !== credit.id ||
        existing.amount !== request.amount ||
        existing.code !== request.code
      ) {
        throw new Error(`idempotency key ${idempotencyKey} reused for a different transfer`);
      }
      // Nothing moved now: the balance is the one the lock shows.
      return { id: String(existing.id), replayed: true, userBalance: credit.balance ?? debit.balance };
    }
    if (
      debit.balance !== null &&
      !(await this.deps.repository.debitUserCash(trx, debit.id, request.amount, request.code))
    ) {
      throw new AppError('INSUFFICIENT_FUNDS');
    }
    if (credit.balance !== null) {
      await this.deps.repository.creditUserCash(trx, credit.id, request.amount, request.code);
    }
    return { id: String(inserted.id), replayed: false, userBalance: creditBalanceAfter ?? debitBalanceAfter };
  }

  /**
   * A transfer out of a user's cash account whose id the caller already holds (the position hot path):
   * one statement instead of three, same guarantees as transfer() — exactly once per key, and a
   * conditional debit (INSUFFICIENT_FUNDS, the caller's transaction rolls back).
   */
  async transferFromUserAccount(
    trx: Transaction<DB>,
    request: Omit<TransferRequest, 'from' | 'to'> & { fromAccountId: string; to: SystemAccountKind },
  ): Promise<Pick<TransferResult, 'id' | 'replayed'>> {
    const credit = { id: await this.systemAccountId(trx, request.to) };
    const transfer = newTransfer(request, request.fromAccountId, credit.id);
    const { idempotencyKey } = transfer;
    const outcome = await this.deps.repository.insertTransferAndDebit(trx, transfer);
    if (outcome.inserted && outcome.id !== null) return { id: outcome.id, replayed: false };
    if (outcome.debited) {
      // Debited, then the key was taken by a concurrent transfer: the rollback undoes the debit.
      throw new Error(`idempotency key ${idempotencyKey} was taken during the transfer`);
    }
    if (!outcome.existed) throw new AppError('INSUFFICIENT_FUNDS');
    const existing = await this.deps.repository.findTransferByKey(trx, idempotencyKey);
    if (
      !existing ||
      existing.debit_account_id !== request.fromAccountId ||
      existing.credit_account_id !== credit.id ||
      existing.amount !== request.amount ||
      existing.code !== request.code
    ) {
      throw new Error(`idempotency key ${idempotencyKey} reused for a different transfer`);
    }
    return { id: String(existing.id), replayed: true };
  }

  /**
   * Posts a set of transfers out of system accounts in bulk (settlement, refunds): see
   * LedgerRepository.postBulk. User balances are credited by exactly what was inserted.
   */
  postBulk(
    trx: Transaction<DB>,
    source: RawBuilder<unknown>,
    at: Date,
  ): Promise<{ transfers: number; accountsCredited: number }> {
    return this.deps.repository.postBulk(trx, source, at);
  }

  /** The ledger writes of a batch of stakes placed at `at`, for the placement's one statement. */
  async batchStakes(at: Date, entryMinimum: number): Promise<RawBuilder<unknown>> {
    const escrowAccountId = await this.systemAccountId(this.deps.db, 'stakes_escrow');
    return this.deps.repository.batchStakes({ escrowAccountId, at, entryMinimum });
  }

  async systemAccountId(executor: Executor, kind: SystemAccountKind): Promise<string> {
    // System accounts exist from the migration on and never change: looked up once per process, inside
    // the caller's transaction (a second connection here could wait on the first forever).
    this.#systemAccounts ??= await this.deps.repository.systemAccountIds(executor);
    const id = this.#systemAccounts.get(kind);
    if (!id) throw new Error(`system account ${kind} is missing`);
    return id;
  }

  /** The user's cash account, locked until the transaction ends (serialises their withdrawals). */
  async lockUserAccount(trx: Transaction<DB>, userId: string): Promise<CashAccount> {
    const account = await this.deps.repository.lockUserAccount(trx, userId);
    if (!account) throw new Error(`user ${userId} has no cash account`);
    return account;
  }

  async userAccount(executor: Executor, userId: string): Promise<CashAccount> {
    const account = await this.deps.repository.userAccount(executor, userId);
    if (!account) throw new Error(`user ${userId} has no cash account`);
    return account;
  }

  /** What the ledger moved for these positions: stakes, and payouts (stake returned + winnings). */
  positionTotals(
    executor: Executor,
    positionIds: readonly string[],
  ): Promise<{ positions: number; staked: number; paid: number }> {
    return this.deps.repository.positionTotals(executor, positionIds);
  }

  /** The user's cash account with its materialised turnover: one indexed row, whatever the history. */
  async userAccountFigures(executor: Executor, userId: string): Promise<CashAccountFigures> {
    const account = await this.deps.repository.userAccountFigures(executor, userId);
    if (!account) throw new Error(`user ${userId} has no cash account`);
    return account;
  }

  /**
   * What the withdrawable rule needs, recounted from the transfers: the materialised columns must equal
   * it (the property tests compare them); reads use userAccountFigures.
   */
  async turnoverTotals(
    executor: Executor,
    accountId: string,
  ): Promise<{ totalDeposited: number; totalStaked: number }> {
    const [totalDeposited, totalStaked] = await Promise.all([
      this.deps.repository.sumByCode(executor, accountId, 'deposit', 'credit'),
      this.deps.repository.sumByCode(executor, accountId, 'stake', 'debit'),
    ]);
    return { totalDeposited, totalStaked };
  }

  /**
   * Every transfer touching the user's cash, newest first, signed from the user's point of view, each
   * with what it was for and the balance after it (read from its own row). A won position's payout is
   * one line (see LedgerRepository.entriesForAccount).
   */
  async transactions(
    userId: string,
    query: { cursor?: string | undefined; limit?: number | undefined },
  ): Promise<Page<TransactionView>> {
    return keysetPage(
      query,
      SERIAL_ID,
      async (cursor, limit) => {
        const account = await this.userAccount(this.deps.db, userId);
        const rows = await this.deps.repository.entriesForAccount(this.deps.db, account.id, cursor, limit);
        const purposes = await this.purposes(rows.slice(0, limit));
        return rows.map((row) => ({
          ...row,
          purpose: purposes.get(`${row.ref_type}:${row.ref_id}`) ?? { type: 'other' as const },
        }));
      },
      (row) => toTransactionLine(row, row.purpose),
    );
  }

  /** What each row was for, asked of its kind (one query per kind on the page), by `<type>:<id>`. */
  private async purposes(rows: readonly AccountEntryRow[]): Promise<Map<string, TransactionPurpose>> {
    const idsByKind = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!this.#kinds.has(row.ref_type)) continue;
      const ids = idsByKind.get(row.ref_type) ?? new Set<string>();
      idsByKind.set(row.ref_type, ids.add(row.ref_id));
    }
    const described = await Promise.all(
      [...idsByKind].map(async ([refType, ids]) => {
        const purposes = await this.#kinds.get(refType)?.describe(this.deps.db, [...ids]);
        return [...(purposes ?? [])].map(([id, purpose]) => [`${refType}:${id}`, purpose] as const);
      }),
    );
    return new Map(described.flat());
  }

  /**
   * Debits and credits per account kind. Every transfer debits one account and credits another, so the
   * balances (credits - debits) always total zero; anything else would be a broken ledger.
   */
  async trialBalance(): Promise<TrialBalance> {
    const rows = (await this.deps.repository.trialBalance(this.deps.db))
      .map((row) => ({ ...row, balance: row.credits - row.debits }))
      .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    return {
      rows,
      total: rows.reduce((sum, row) => sum + row.balance, 0),
      checkedAt: toUnixSeconds(this.deps.clock.now()),
    };
  }

  /**
   * Transfers by user, account (a system kind such as `house`, or an account id), code and reference,
   * newest first. An account or user that does not exist matches nothing (an empty page).
   */
  async searchTransfers(query: TransferSearchQuery): Promise<Page<AdminTransfer>> {
    const reference = query.reference;
    return keysetPage(
      query,
      SERIAL_ID,
      async (cursor, limit) => {
        const accountIds: string[] = [];
        if (query.userId) {
          const account = await this.deps.repository.userAccount(this.deps.db, query.userId);
          if (!account) return [];
          accountIds.push(account.id);
        }
        if (query.account) {
          const id = await this.deps.repository.accountIdByName(this.deps.db, query.account);
          if (!id) return [];
          accountIds.push(id);
        }
        const referenceIds = reference
          ? (
              await Promise.all(
                [...this.#kinds.values()].map(
                  (kind) => kind.findByReference?.(this.deps.db, reference) ?? [],
                ),
              )
            ).flat()
          : [];
        const filter = { accountIds, code: query.code, reference, referenceIds };
        return this.deps.repository.searchTransfers(this.deps.db, filter, cursor, limit);
      },
      toAdminTransfer,
    );
  }

  /** The user's latest transfers, signed from their side (the console's user detail). */
  async latestEntries(userId: string, limit: number): Promise<AdminLedgerEntry[]> {
    const account = await this.userAccount(this.deps.db, userId);
    const rows = await this.deps.repository.listForAccount(this.deps.db, account.id, undefined, limit);
    return rows.slice(0, limit).map((row) => {
      const amount = row.amount;
      return {
        transferId: String(row.id),
        code: row.code,
        reference: `${row.ref_type}:${row.ref_id}`,
        amount: row.credit_account_id === account.id ? amount : -amount,
        createdAt: toUnixSeconds(row.created_at),
      };
    });
  }

  /**
   * Trading figures since `since` (the dashboard's "today"): stakes placed, and the house's result —
   * lost stakes it kept minus winnings it paid beyond the stakes returned.
   */
  async tradingSince(since: Date): Promise<{ volume: number; houseProfit: number }> {
    const house = await this.systemAccountId(this.deps.db, 'house');
    const escrow = await this.systemAccountId(this.deps.db, 'stakes_escrow');
    // Each sum names the account on one side, so it reads that account's index by time.
    const [volume, kept, paid] = await Promise.all([
      this.deps.repository.sumSince(this.deps.db, 'stake', since, { credit: escrow }),
      this.deps.repository.sumSince(this.deps.db, 'stake_lost', since, { credit: house }),
      this.deps.repository.sumSince(this.deps.db, 'payout', since, { debit: house }),
    ]);
    return { volume, houseProfit: kept - paid };
  }

  /**
   * A side's account id; a user side is locked until the transaction ends and comes with its balance
   * (null for a system account, whose balance is what its transfers sum to).
   */
  private async resolve(
    trx: Transaction<DB>,
    ref: AccountRef,
  ): Promise<{ id: string; balance: number | null }> {
    if ('userId' in ref) {
      const account = await this.deps.repository.lockUserAccount(trx, ref.userId);
      if (!account) throw new Error(`user ${ref.userId} has no cash account`);
      return account;
    }
    return { id: await this.systemAccountId(trx, ref.system), balance: null };
  }
}

/** The row a transfer request makes, its key built from its reference; a non-positive amount is a bug. */
function newTransfer(
  request: Pick<TransferRequest, 'amount' | 'code' | 'reference' | 'at'>,
  debitAccountId: string,
  creditAccountId: string,
): NewTransfer {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new RangeError(`a transfer needs a positive whole number of cents: ${request.amount}`);
  }
  return {
    debitAccountId,
    creditAccountId,
    amount: request.amount,
    code: request.code,
    refType: request.reference.type,
    refId: request.reference.id,
    idempotencyKey: ledgerKey(request.reference),
    createdAt: request.at,
  };
}

function accountName(kind: string, user: string | null): string {
  return kind === 'user_cash' ? `user:${user ?? '?'}` : kind;
}

function toAdminTransfer(row: NamedTransferRow): AdminTransfer {
  return {
    id: String(row.id),
    code: row.code,
    reference: `${row.ref_type}:${row.ref_id}`,
    debitAccount: accountName(row.debit_kind, row.debit_user),
    creditAccount: accountName(row.credit_kind, row.credit_user),
    amount: row.amount,
    createdAt: toUnixSeconds(row.created_at),
  };
}

function toTransactionLine(row: AccountEntryRow, purpose: TransactionPurpose): TransactionView {
  // A winnings row carries the stake returned with it: the line is the whole payout.
  const amount = row.amount + (row.returned ?? 0);
  return {
    id: String(row.id),
    code: row.code as LedgerCode,
    amount: row.incoming ? amount : -amount,
    balanceAfter: row.balance_after,
    purpose,
    refType: row.ref_type,
    refId: row.ref_id,
    createdAt: toUnixSeconds(row.created_at),
  };
}
