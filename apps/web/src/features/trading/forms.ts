/**
 * The bet form's schema, with the checks the server applies: a bet chosen, an amount (required, whole
 * cents, within the room's stake minimum and maximum, worded as the server words them), then the
 * contract's request schema. The submit hook adds the idempotency key.
 */
import { type BetInput, placePositionRequestSchema, type RoomView } from '@tradehall/contracts';
import { z } from 'zod';
import { amountInput, checkAmountLimits } from '../../lib/amount.ts';
import { addRuleIssue } from '../../lib/forms/messages.ts';

export interface PositionForm {
  bet: BetInput | null;
  amount: string;
}

export function positionSchema(room: Pick<RoomView, 'stakeMinimum' | 'stakeMaximum'>) {
  return z
    .object({
      bet: z.custom<BetInput | null>().transform((bet, ctx) => {
        if (bet) return bet;
        addRuleIssue(ctx, 'validation.betTypeInvalid');
        return z.NEVER;
      }),
      amount: amountInput('validation.investmentAmountRequired', (cents) =>
        checkAmountLimits(cents, {
          minimum: room.stakeMinimum,
          maximum: room.stakeMaximum,
          belowCode: 'STAKE_BELOW_MINIMUM',
          aboveCode: 'STAKE_ABOVE_MAXIMUM',
        }),
      ),
    })
    .pipe(placePositionRequestSchema.omit({ idempotencyKey: true }));
}
