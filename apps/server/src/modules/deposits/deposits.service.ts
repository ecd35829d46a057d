/**
 * Deposits: a user asks to top up by one of three methods; the request is pending until an operator (or,
 * for card payments, the gateway's webhook) approves or rejects it. Approval credits the user's cash
 * from deposits_clearing exactly once: the pending -> approved update and the ledger transfer (key
 * `deposit:<id>`) commit together or not at all, and only the caller whose update changed the row
 * transfers.
 *
 * Double clicks: repeating a decision that was already made (approve an approved deposit) answers the
 * deposit as it stands and changes nothing — no second credit, no audit entry, no event; the opposite
 * decision (reject an approved deposit) is NOT_PENDING. An operator's decision is audited in the same
 * transaction; the user hears `balance.changed` and `order.updated` once it has committed.
 */
import type { adminDepositSchema, CreateDepositRequest, DepositView, PageQuery } from '@tradehall/contracts';
import { CURRENCY_CODE, checkAmountRange, formatMoney } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { FundingConfig } from '../../platform/config.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { DB, DepositMethodColumn, DepositRow, DepositStatusColumn } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import { newReference } from '../../platform/references.ts';
import type { AccountStore } from '../accounts/accounts.service.ts';
import type { FundingSettingsService } from '../funding-settings/funding-settings.service.ts';
import type { IdempotencyService, Replayable } from '../idempotency/idempotency.service.ts';
import { describedBy, type ReferenceKind } from '../ledger/ledger.service.ts';
import type { MoneyOperationsService, MoneyStep } from '../ledger/money-operations.service.ts';
import type { PaymentEvent, PaymentProvider } from '../payments/payment-provider.ts';
import type { PlayGate } from '../play-limits/play-limits.service.ts';
import type { UploadOwnership } from '../uploads/uploads.service.ts';
import { uploadUrl } from '../uploads/uploads.service.ts';
import {
  type AdminDepositRow,
  DEPOSITS_TX_HASH_KEY,
  type DepositsRepository,
} from './deposits.repository.ts';
import type { PaymentEventsRepository } from './payment-events.repository.ts';

export type AdminDepositView = z.infer<typeof adminDepositSchema>;

/** Where the gateway's page sends the user back: the card top-up page, told which deposit it was. */
export function cardReturnUrl(depositId: string): string {
  return `/#/pages/recharge/chongzhi?deposit=${depositId}`;
}

/** What the webhook did with an event (stored with it, and answered to the gateway). */
export type PaymentEventOutcome = 'approved' | 'rejected' | 'already_decided' | 'amount_mismatch';

type Verdict = 'approve' | 'reject';

type Decided =
  | { kind: 'decided'; balance: number | null; before: DepositRow; after: DepositRow }
  | { kind: 'unchanged' | 'not_pending' | 'not_found' };

/** A user's pending deposits, for the money summary. */
export type DepositFigures = Pick<DepositsRepository, 'summary'>;

export interface DepositsServiceDeps {
  db: Kysely<DB>;
  repository: DepositsRepository;
  uploads: UploadOwnership;
  paymentEvents: PaymentEventsRepository;
  money: MoneyOperationsService;
  idempotency: IdempotencyService;
  fundingSettings: FundingSettingsService;
  /** Null when the server has no card gateway: card deposits are then refused. */
  cardProvider: PaymentProvider | null;
  limits: FundingConfig;
  clock: Clock;
  accounts: AccountStore;
  /**
   * The player's own deposit limits and breaks, checked when a deposit is asked for (every method):
   * the player decides there, while an approval or a gateway's webhook confirms money already sent.
   */
  play: PlayGate;
}

export class DepositsService {
  constructor(private readonly deps: DepositsServiceDeps) {}

  /** How a deposit shows in the records, and is found by its reference (LedgerService.registerKind). */
  readonly records: ReferenceKind = describedBy(
    (executor, ids) => this.deps.repository.describe(executor, ids),
    (row) => ({ type: 'deposit', reference: row.reference, method: row.method }),
    (executor, reference) => this.deps.repository.idsByReference(executor, reference),
  );

  async create(userId: string, input: CreateDepositRequest): Promise<Replayable<DepositView>> {
    const range = checkAmountRange(
      input.amount,
      this.deps.limits.minDepositCents,
      this.deps.limits.maxDepositCents,
    );
    if (!range.ok) {
      throw new AppError(
        range.reason === 'below_minimum' ? 'DEPOSIT_BELOW_MINIMUM' : 'DEPOSIT_ABOVE_MAXIMUM',
        {
          params: { amount: formatMoney(range.limit) },
        },
      );
    }
    const { idempotencyKey, ...request } = input;
    const operation = { userId, key: idempotencyKey, operation: 'deposit.create', request };
    const settings = await this.deps.fundingSettings.settings();
    const id = newId();
    const reference = newReference('D');
    let checkout: { checkoutId: string; checkoutUrl: string } | null = null;

    if (
      input.method === 'crypto' &&
      !settings.cryptoNetworks.some((entry) => entry.network === input.network)
    ) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: 'network', key: 'validation.networkRequired' }],
      });
    }
    if (input.method === 'card') {
      const provider = this.deps.cardProvider;
      if (!provider || !settings.cardPaymentEnabled) throw new AppError('CARD_PAYMENT_UNAVAILABLE');
      // No checkout is opened for a player on a break or over a limit (the transaction below decides
      // for good).
      const refusal = await this.deps.play.depositRefusal(
        this.deps.db,
        userId,
        input.amount,
        this.deps.clock.now(),
      );
      if (refusal) throw refusal;
      // A checkout is opened at the gateway before our transaction (it is not ours to roll back), so a
      // plain retry is answered from the stored response first and opens nothing.
      const stored = await this.deps.idempotency.lookup<DepositView>(operation);
      if (stored) return stored;
      checkout = await provider.createCheckout({
        orderId: id,
        orderReference: reference,
        amount: input.amount,
        currency: CURRENCY_CODE,
        returnUrl: cardReturnUrl(id),
      });
    }

    const order = (view: DepositView) => ({ kind: 'deposit' as const, id: view.id, status: view.status });
    const onReplay = (view: DepositView) => ({ userId, balance: null, order: order(view) });
    try {
      return await this.deps.money.runOnce(
        { operation, statusCode: 201, onReplay },
        async ({ trx, announce }) => {
          // A frozen account moves no money (its sessions are ended too; this covers a request in flight).
          if ((await this.deps.accounts.status(trx, userId)) !== 'active')
            throw new AppError('ACCOUNT_FROZEN');
          if (input.method === 'offline' && input.receiptUploadId) {
            // Someone else's upload is as good as no upload at all: NOT_FOUND, nothing written.
            if (!(await this.deps.uploads.isOwnedBy(trx, input.receiptUploadId, userId)))
              throw new AppError('NOT_FOUND');
          }
          const txHash = input.method === 'crypto' ? input.txHash.trim() : null;
          if (txHash && (await this.deps.repository.txHashUsed(trx, txHash)))
            throw new AppError('TX_HASH_USED');
          const row = await this.deps.repository.insert(trx, {
            id,
            reference,
            userId,
            method: input.method,
            amount: input.amount,
            depositorName: input.method === 'offline' ? input.depositorName : null,
            network: input.method === 'crypto' ? input.network : null,
            txHash,
            receiptUploadId: input.method === 'offline' ? (input.receiptUploadId ?? null) : null,
            checkoutId: checkout?.checkoutId ?? null,
            checkoutUrl: checkout?.checkoutUrl ?? null,
            at: this.deps.clock.now(),
          });
          // Once the amount is counted in the player's figures (under their lock): over a limit, it all
          // rolls back.
          await this.deps.play.admitDeposit(trx, userId, row.created_at);
          const view = toDepositView(row);
          announce({ userId, balance: null, order: order(view) });
          return view;
        },
      );
    } catch (error) {
      // Two different requests racing with the same hash: the index decides, the loser hears why.
      if (isUniqueViolation(error, DEPOSITS_TX_HASH_KEY)) throw new AppError('TX_HASH_USED');
      throw error;
    }
  }

  async list(userId: string, query: PageQuery): Promise<Page<DepositView>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.listForUser(this.deps.db, userId, cursor, limit),
      toDepositView,
    );
  }

  /** One of my deposits (the card return page polls it); anyone else's is NOT_FOUND. */
  async get(userId: string, id: string): Promise<DepositView> {
    const row = await this.deps.repository.findById(this.deps.db, id);
    if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND');
    return toDepositView(row);
  }

  async adminList(query: {
    status?: DepositStatusColumn | undefined;
    method?: DepositMethodColumn | undefined;
    userId?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<Page<AdminDepositView>> {
    const filter = { status: query.status, method: query.method, userId: query.userId };
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.listAll(this.deps.db, filter, cursor, limit),
      toAdminDepositView,
    );
  }

  /** Deposits waiting for an operator (the dashboard). */
  pendingCount(): Promise<number> {
    return this.deps.repository.countPending(this.deps.db);
  }

  /** How many wait for an operator and since when the oldest has (the metrics). */
  pendingQueue(): Promise<{ count: number; oldest: Date | null }> {
    return this.deps.repository.pendingQueue(this.deps.db);
  }

  async adminGet(id: string): Promise<AdminDepositView> {
    const row = await this.deps.repository.findAdmin(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminDepositView(row);
  }

  /** Credits the user once; approving an approved deposit again answers its view unchanged. */
  approve(operatorId: string, id: string): Promise<AdminDepositView> {
    return this.operatorDecision(operatorId, id, 'approve', null);
  }

  /** Rejects without moving money; rejecting a rejected deposit again answers its view unchanged. */
  reject(operatorId: string, id: string, reason: string): Promise<AdminDepositView> {
    return this.operatorDecision(operatorId, id, 'reject', reason);
  }

  /**
   * A verified gateway event. Recorded once by event id (a replay is refused and changes nothing); an
   * amount or currency other than the deposit's is recorded and refused; otherwise the deposit is
   * approved or rejected through the same path as an operator's decision.
   */
  async handlePaymentEvent(provider: string, event: PaymentEvent): Promise<PaymentEventOutcome> {
    const outcome = await this.deps.money.run(async (step) => {
      const { trx } = step;
      const fresh = await this.deps.paymentEvents.record(trx, provider, event, this.deps.clock.now());
      if (!fresh) return 'replayed' as const;
      const deposit = await this.deps.repository.findByCheckoutForUpdate(trx, event.checkoutId);
      // Unknown checkout: nothing recorded (rolled back), so a corrected delivery is not a "replay".
      if (!deposit) throw new AppError('NOT_FOUND');
      let result: PaymentEventOutcome = 'amount_mismatch';
      if (deposit.amount === event.amount && event.currency === CURRENCY_CODE) {
        const verdict: Verdict = event.type === 'payment.succeeded' ? 'approve' : 'reject';
        const decided = await this.decide(
          step,
          deposit.id,
          verdict,
          `gateway:${provider}`,
          'Card payment failed',
        );
        result =
          decided.kind === 'decided' ? (verdict === 'approve' ? 'approved' : 'rejected') : 'already_decided';
      }
      await this.deps.paymentEvents.setOutcome(trx, event.eventId, result);
      return result;
    });
    if (outcome === 'replayed') throw new AppError('WEBHOOK_REPLAYED');
    if (outcome === 'amount_mismatch') throw new AppError('WEBHOOK_AMOUNT_MISMATCH');
    return outcome;
  }

  private async operatorDecision(
    operatorId: string,
    id: string,
    verdict: Verdict,
    reason: string | null,
  ): Promise<AdminDepositView> {
    return this.deps.money.run(async (step) => {
      const result = await this.decide(step, id, verdict, `operator:${operatorId}`, reason);
      if (result.kind === 'not_found') throw new AppError('NOT_FOUND');
      if (result.kind === 'not_pending') throw new AppError('NOT_PENDING');
      if (result.kind === 'decided') {
        await step.audit({
          operatorId,
          action: verdict === 'approve' ? 'deposit.approve' : 'deposit.reject',
          targetType: 'deposit',
          targetId: id,
          reason,
          before: auditState(result.before),
          after: { ...auditState(result.after), balance: result.balance },
        });
      }
      const row = await this.deps.repository.findAdmin(step.trx, id);
      if (!row) throw new AppError('NOT_FOUND');
      return toAdminDepositView(row);
    });
  }

  /** The one place a deposit is decided, in the caller's money operation. */
  private async decide(
    { trx, move, announce }: MoneyStep,
    id: string,
    verdict: Verdict,
    decidedBy: string,
    reason: string | null,
  ): Promise<Decided> {
    const at = this.deps.clock.now();
    const status = verdict === 'approve' ? 'approved' : 'rejected';
    const row = await this.deps.repository.decide(trx, id, {
      status,
      decidedBy,
      reason: verdict === 'reject' ? reason : null,
      at,
    });
    if (!row) {
      const current = await this.deps.repository.findById(trx, id);
      if (!current) return { kind: 'not_found' };
      return { kind: current.status === status ? 'unchanged' : 'not_pending' };
    }
    const notice = {
      userId: row.user_id,
      order: { kind: 'deposit' as const, id: row.id, status: row.status },
    };
    let balance: number | null = null;
    if (verdict === 'approve') {
      const moved = await move(
        {
          from: { system: 'deposits_clearing' },
          to: { userId: row.user_id },
          amount: row.amount,
          code: 'deposit',
          reference: { type: 'deposit', id: row.id },
          at,
        },
        notice,
      );
      balance = moved.balance;
    } else {
      announce({ ...notice, balance: null });
    }
    return {
      kind: 'decided',
      before: { ...row, status: 'pending', decided_by: null, decided_at: null, reject_reason: null },
      after: row,
      balance,
    };
  }
}

export function toDepositView(row: DepositRow): DepositView {
  return {
    id: row.id,
    reference: row.reference,
    method: row.method,
    amount: row.amount,
    status: row.status,
    depositorName: row.depositor_name,
    network: row.network,
    txHash: row.tx_hash,
    receiptUrl: row.receipt_upload_id ? uploadUrl(row.receipt_upload_id) : null,
    checkoutUrl: row.checkout_url,
    rejectReason: row.reject_reason,
    createdAt: toUnixSeconds(row.created_at),
    decidedAt: row.decided_at ? toUnixSeconds(row.decided_at) : null,
  };
}

/** What the audit log keeps of a deposit on each side of a decision. */
function auditState(row: DepositRow) {
  return {
    status: row.status,
    amount: row.amount,
    userId: row.user_id,
    reference: row.reference,
    rejectReason: row.reject_reason,
  };
}

function toAdminDepositView(row: AdminDepositRow): AdminDepositView {
  return { ...toDepositView(row), userId: row.user_id, account: row.account };
}
