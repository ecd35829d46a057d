/**
 * Balance adjustments (admin role): never a bare update of a balance, always a double-entry transfer
 * between the house and the user's cash (code `adjustment`), with a reason in the audit log.
 *
 * A money operation like any other (MoneyOperationsService.runOnce): the operator's idempotency key is
 * claimed first, so the same key again answers the first transfer and balance, changing nothing, and the
 * same key with a different amount is IDEMPOTENCY_CONFLICT. A debit the balance does not cover is
 * INSUFFICIENT_FUNDS (the ledger's conditional debit) and nothing is written.
 */
import type { balanceAdjustmentRequestSchema, balanceAdjustmentResponseSchema } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { MoneyOperationsService } from '../ledger/money-operations.service.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export type BalanceAdjustmentRequest = z.infer<typeof balanceAdjustmentRequestSchema>;
export type BalanceAdjustmentResponse = z.infer<typeof balanceAdjustmentResponseSchema>;

export interface BalanceAdjustmentsServiceDeps {
  db: Kysely<DB>;
  users: AdminUsersRepository;
  money: MoneyOperationsService;
  clock: Clock;
}

export class BalanceAdjustmentsService {
  constructor(private readonly deps: BalanceAdjustmentsServiceDeps) {}

  async adjust(
    operatorId: string,
    userId: string,
    input: BalanceAdjustmentRequest,
  ): Promise<BalanceAdjustmentResponse> {
    // The key is the operator's, for this user: claimed under the user, named apart from the user's own.
    const operation = {
      userId,
      key: `adjustment:${input.idempotencyKey}`,
      operation: 'user.balance_adjust',
      request: { amount: input.amount },
    };
    // The user is checked first: a claim needs an existing user (and an unknown one is NOT_FOUND).
    if (!(await this.deps.users.find(this.deps.db, userId))) throw new AppError('NOT_FOUND');
    const answer = await this.deps.money.runOnce({ operation, statusCode: 200 }, async ({ move, audit }) => {
      const at = this.deps.clock.now();
      const adjustmentId = newId(at.getTime());
      const credit = input.amount > 0;
      const moved = await move(
        {
          from: credit ? { system: 'house' } : { userId },
          to: credit ? { userId } : { system: 'house' },
          amount: Math.abs(input.amount),
          code: 'adjustment',
          reference: { type: 'adjustment', id: adjustmentId },
          at,
        },
        { userId },
      );
      const balance = moved.balance;
      if (balance === null) throw new Error('an adjustment moved no user cash');
      await audit({
        operatorId,
        action: 'user.balance_adjust',
        targetType: 'user',
        targetId: userId,
        reason: input.reason,
        before: { balance: balance - input.amount },
        after: { balance, amount: input.amount, transferId: moved.transferId, adjustmentId },
      });
      return { transferId: moved.transferId, balance };
    });
    return answer.body;
  }
}
