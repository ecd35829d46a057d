/**
 * Balance adjustments (admin role): never a bare update of a balance, always a double-entry transfer
 * between the house and the user's cash (code `adjustment`), with a reason in the audit log.
 *
 * One transaction locks the user's cash row (so concurrent adjustments of one user queue), then checks
 * the idempotency key: the same key again answers the first transfer and the balance as it is now,
 * changing nothing; the same key with a different amount is IDEMPOTENCY_CONFLICT. A debit the balance
 * does not cover is INSUFFICIENT_FUNDS (the ledger's conditional debit) and nothing is written.
 */
import type { balanceAdjustmentRequestSchema, balanceAdjustmentResponseSchema } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { publishUserMoneyChange } from '../../platform/user-events.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export type BalanceAdjustmentRequest = z.infer<typeof balanceAdjustmentRequestSchema>;
export type BalanceAdjustmentResponse = z.infer<typeof balanceAdjustmentResponseSchema>;

export interface BalanceAdjustmentsServiceDeps {
  db: Kysely<DB>;
  users: AdminUsersRepository;
  ledger: LedgerService;
  audit: AuditService;
  events: DomainEvents;
  clock: Clock;
}

export class BalanceAdjustmentsService {
  constructor(private readonly deps: BalanceAdjustmentsServiceDeps) {}

  async adjust(
    operatorId: string,
    userId: string,
    input: BalanceAdjustmentRequest,
  ): Promise<BalanceAdjustmentResponse> {
    const key = `adjustment:${userId}:${input.idempotencyKey}`;
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.users.find(trx, userId))) throw new AppError('NOT_FOUND');
      const account = await this.deps.ledger.lockUserAccount(trx, userId);
      const house = await this.deps.ledger.systemAccountId(trx, 'house');
      const credit = input.amount > 0;
      const existing = await this.deps.ledger.transferByKey(trx, key);
      if (existing) {
        const same =
          existing.amount === Math.abs(input.amount) &&
          existing.debitAccountId === (credit ? house : account.id) &&
          existing.creditAccountId === (credit ? account.id : house);
        if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { transferId: existing.id, balance: account.balance, replayed: true };
      }
      const at = this.deps.clock.now();
      const adjustmentId = newId(at.getTime());
      const transfer = await this.deps.ledger.transfer(trx, {
        from: credit ? { system: 'house' } : { userId },
        to: credit ? { userId } : { system: 'house' },
        amount: Math.abs(input.amount),
        code: 'adjustment',
        refType: 'adjustment',
        refId: adjustmentId,
        idempotencyKey: key,
        at,
      });
      const balance = account.balance + input.amount;
      await this.deps.audit.record(
        {
          operatorId,
          action: 'user.balance_adjust',
          targetType: 'user',
          targetId: userId,
          reason: input.reason,
          before: { balance: account.balance },
          after: { balance, amount: input.amount, transferId: transfer.id, adjustmentId },
        },
        trx,
      );
      return { transferId: transfer.id, balance, replayed: false };
    });
    if (!outcome.replayed) publishUserMoneyChange(this.deps.events, { userId, balance: outcome.balance });
    return { transferId: outcome.transferId, balance: outcome.balance };
  }
}
