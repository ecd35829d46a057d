/**
 * Withdrawals, two-phase (DESIGN §5): the request moves the amount from the user's cash to
 * withdrawals_clearing (the hold); the operator then marks it paid (hold -> external) or rejects it
 * (hold -> back to the user). Each phase commits with its ledger transfer, exactly once.
 *
 * A request is checked in this order: payment password set, an attempt reserved on the lock's counter
 * (refused while locked), the password correct (wrong ones count towards the lock); amount within
 * limits; destination is the user's own live card or wallet; then, in ONE transaction with the
 * idempotency claim and the user's cash row locked: today's count, the withdrawable amount, the insert
 * and the hold.
 *
 * Double clicks: repeating the decision already made (pay a paid withdrawal) answers the withdrawal as it
 * stands and changes nothing — no second transfer, no audit entry, no event; the other decision (reject
 * a paid one) is NOT_PENDING. Decisions are audited in their transaction; the user hears
 * `balance.changed` (a refund, or the hold at request time) and `order.updated` after the commit.
 */
import type {
  adminWithdrawalSchema,
  CreateWithdrawalRequest,
  PageQuery,
  WithdrawalView,
} from '@tradehall/contracts';
import { checkAmountRange, formatMoney, withdrawableAmount } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Clock, startOfUtcDay, toUnixSeconds } from '../../platform/clock.ts';
import type { FundingConfig } from '../../platform/config.ts';
import type {
  DB,
  DestinationTypeColumn,
  WithdrawalRow,
  WithdrawalStatusColumn,
} from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import { newReference } from '../../platform/references.ts';
import type { AccountStore } from '../accounts/accounts.service.ts';
import {
  type AttemptThrottleService,
  PAYMENT_PASSWORD_SCOPE,
} from '../attempt-throttle/attempt-throttle.service.ts';
import type { LiveBankCards } from '../bank-cards/bank-cards.service.ts';
import { bankCardLabel } from '../bank-cards/bank-cards.service.ts';
import type { Replayable } from '../idempotency/idempotency.service.ts';
import { describedBy, type LedgerService, type ReferenceKind } from '../ledger/ledger.service.ts';
import type { MoneyOperationsService } from '../ledger/money-operations.service.ts';
import type { LiveWallets } from '../wallets/wallets.service.ts';
import { walletLabel } from '../wallets/wallets.service.ts';
import type { AdminWithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.ts';

export type AdminWithdrawalView = z.infer<typeof adminWithdrawalSchema>;

/** A user's pending withdrawals, for the money summary. */
export type WithdrawalFigures = Pick<WithdrawalsRepository, 'summary'>;

export interface WithdrawalsServiceDeps {
  db: Kysely<DB>;
  repository: WithdrawalsRepository;
  accounts: AccountStore;
  bankCards: LiveBankCards;
  wallets: LiveWallets;
  ledger: LedgerService;
  money: MoneyOperationsService;
  paymentPasswordThrottle: AttemptThrottleService;
  hasher: PasswordHasher;
  limits: FundingConfig;
  clock: Clock;
}

export class WithdrawalsService {
  constructor(private readonly deps: WithdrawalsServiceDeps) {}

  /** How a withdrawal shows in the records, and is found by its reference (LedgerService.registerKind). */
  readonly records: ReferenceKind = describedBy(
    (executor, ids) => this.deps.repository.describe(executor, ids),
    (row) => ({ type: 'withdrawal', reference: row.reference, destinationLabel: row.destination_label }),
    (executor, reference) => this.deps.repository.idsByReference(executor, reference),
  );

  async create(userId: string, input: CreateWithdrawalRequest): Promise<Replayable<WithdrawalView>> {
    const user = await this.deps.accounts.findById(this.deps.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.status !== 'active') throw new AppError('ACCOUNT_FROZEN');
    if (user.payment_password_hash === null) throw new AppError('PAYMENT_PASSWORD_REQUIRED');
    const paymentPasswordHash = user.payment_password_hash;
    await this.deps.paymentPasswordThrottle.attempt(PAYMENT_PASSWORD_SCOPE, userId, async (attempt) => {
      if (!(await this.deps.hasher.verify(paymentPasswordHash, input.paymentPassword))) {
        await attempt.fail();
        throw new AppError('PAYMENT_PASSWORD_WRONG');
      }
      await attempt.succeed();
    });

    const range = checkAmountRange(
      input.amount,
      this.deps.limits.minWithdrawalCents,
      this.deps.limits.maxWithdrawalCents,
    );
    if (!range.ok) {
      throw new AppError(
        range.reason === 'below_minimum' ? 'WITHDRAWAL_BELOW_MINIMUM' : 'WITHDRAWAL_ABOVE_MAXIMUM',
        { params: { amount: formatMoney(range.limit) } },
      );
    }
    const destination = await this.destination(userId, input);

    const { idempotencyKey, paymentPassword: _secret, ...request } = input;
    const operation = { userId, key: idempotencyKey, operation: 'withdrawal.create', request };
    const onReplay = (view: WithdrawalView) => ({
      userId,
      // A replay did nothing, so it reports no new balance.
      balance: null,
      order: { kind: 'withdrawal' as const, id: view.id, status: view.status },
    });
    return this.deps.money.runOnce({ operation, statusCode: 201, onReplay }, async ({ trx, move }) => {
      const now = this.deps.clock.now();
      const account = await this.deps.ledger.lockUserAccount(trx, userId);
      // Re-read under the lock: a freeze that committed meanwhile stops the money here.
      if ((await this.deps.accounts.status(trx, userId)) !== 'active') throw new AppError('ACCOUNT_FROZEN');
      const today = await this.deps.repository.countSince(trx, userId, startOfUtcDay(now));
      if (today >= this.deps.limits.withdrawalsPerDay) {
        throw new AppError('WITHDRAWAL_DAILY_LIMIT', {
          params: { count: String(this.deps.limits.withdrawalsPerDay) },
        });
      }
      const withdrawable = withdrawableAmount({
        balance: account.balance,
        ...(await this.deps.ledger.turnoverTotals(trx, account.id)),
        turnoverMultiplier: this.deps.limits.turnoverMultiplier,
      });
      if (input.amount > withdrawable) {
        throw new AppError('EXCEEDS_WITHDRAWABLE', { params: { amount: formatMoney(withdrawable) } });
      }
      const row = await this.deps.repository.insert(trx, {
        id: newId(),
        reference: newReference('W'),
        userId,
        amount: input.amount,
        destinationType: input.destinationType,
        destinationId: input.destinationId,
        destinationLabel: destination.label,
        destinationDetail: destination.detail,
        at: now,
      });
      const view = toWithdrawalView(row);
      await move(
        {
          from: { userId },
          to: { system: 'withdrawals_clearing' },
          amount: input.amount,
          code: 'withdrawal_hold',
          reference: { type: 'withdrawal', id: row.id, leg: 'hold' },
          at: now,
        },
        { userId, order: { kind: 'withdrawal', id: view.id, status: view.status } },
      );
      return view;
    });
  }

  async list(userId: string, query: PageQuery): Promise<Page<WithdrawalView>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.listForUser(this.deps.db, userId, cursor, limit),
      toWithdrawalView,
    );
  }

  async adminList(query: {
    status?: WithdrawalStatusColumn | undefined;
    destinationType?: DestinationTypeColumn | undefined;
    userId?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<Page<AdminWithdrawalView>> {
    const filter = { status: query.status, destinationType: query.destinationType, userId: query.userId };
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.listAll(this.deps.db, filter, cursor, limit),
      toAdminWithdrawalView,
    );
  }

  /** Withdrawals waiting for an operator (the dashboard). */
  pendingCount(): Promise<number> {
    return this.deps.repository.countPending(this.deps.db);
  }

  /** How many wait for an operator and since when the oldest has (the metrics). */
  pendingQueue(): Promise<{ count: number; oldest: Date | null }> {
    return this.deps.repository.pendingQueue(this.deps.db);
  }

  async adminGet(id: string): Promise<AdminWithdrawalView> {
    const row = await this.deps.repository.findAdmin(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toAdminWithdrawalView(row);
  }

  /** The held amount leaves to the outside world, once; paying a paid withdrawal again changes nothing. */
  pay(operatorId: string, id: string, paymentReference: string): Promise<AdminWithdrawalView> {
    return this.decide(operatorId, id, 'paid', { paymentReference, reason: null });
  }

  /** The held amount goes back to the user, once; rejecting a rejected withdrawal again changes nothing. */
  reject(operatorId: string, id: string, reason: string): Promise<AdminWithdrawalView> {
    return this.decide(operatorId, id, 'rejected', { paymentReference: null, reason });
  }

  private async decide(
    operatorId: string,
    id: string,
    status: 'paid' | 'rejected',
    extra: { paymentReference: string | null; reason: string | null },
  ): Promise<AdminWithdrawalView> {
    return this.deps.money.run(async ({ trx, move, audit }) => {
      const at = this.deps.clock.now();
      const row = await this.deps.repository.decide(trx, id, {
        status,
        decidedBy: `operator:${operatorId}`,
        at,
        ...extra,
      });
      if (!row) {
        const current = await this.deps.repository.findById(trx, id);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status !== status) throw new AppError('NOT_PENDING');
      } else {
        const paid = status === 'paid';
        // Paying moves the hold out of the clearing account: the user's balance is unchanged by it.
        const { balance } = await move(
          {
            from: { system: 'withdrawals_clearing' },
            to: paid ? { system: 'external' } : { userId: row.user_id },
            amount: row.amount,
            code: paid ? 'withdrawal_paid' : 'withdrawal_refund',
            reference: { type: 'withdrawal', id: row.id, leg: paid ? 'paid' : 'refund' },
            at,
          },
          { userId: row.user_id, order: { kind: 'withdrawal', id: row.id, status } },
        );
        await audit({
          operatorId,
          action: paid ? 'withdrawal.pay' : 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: row.id,
          reason: extra.reason,
          before: { status: 'pending', amount: row.amount, userId: row.user_id },
          after: {
            status,
            amount: row.amount,
            userId: row.user_id,
            paymentReference: extra.paymentReference,
            balance,
          },
        });
      }
      const view = await this.deps.repository.findAdmin(trx, id);
      if (!view) throw new AppError('NOT_FOUND');
      return toAdminWithdrawalView(view);
    });
  }

  /** The user's own live card or wallet, named for the record; anything else is NOT_FOUND. */
  private async destination(
    userId: string,
    input: CreateWithdrawalRequest,
  ): Promise<{ label: string; detail: string }> {
    if (input.destinationType === 'bank_card') {
      const card = await this.deps.bankCards.findLive(this.deps.db, userId, input.destinationId);
      if (!card) throw new AppError('NOT_FOUND');
      return {
        label: bankCardLabel(card),
        detail: `${card.bank_name} ${card.account_number} (${card.payee})`,
      };
    }
    const wallet = await this.deps.wallets.findLive(this.deps.db, userId, input.destinationId);
    if (!wallet) throw new AppError('NOT_FOUND');
    return { label: walletLabel(wallet), detail: `${wallet.type} ${wallet.address}` };
  }
}

export function toWithdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    reference: row.reference,
    amount: row.amount,
    status: row.status,
    destinationType: row.destination_type,
    destinationLabel: row.destination_label,
    paymentReference: row.payment_reference,
    rejectReason: row.reject_reason,
    createdAt: toUnixSeconds(row.created_at),
    decidedAt: row.decided_at ? toUnixSeconds(row.decided_at) : null,
  };
}

function toAdminWithdrawalView(row: AdminWithdrawalRow): AdminWithdrawalView {
  return {
    ...toWithdrawalView(row),
    userId: row.user_id,
    account: row.account,
    destinationDetail: row.destination_detail,
  };
}
