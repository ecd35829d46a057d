/**
 * The bet form's checks, the same the server applies: a bet chosen, an amount (required, whole cents,
 * within the room's stake minimum and maximum, worded as the server words them). A valid form yields the
 * request to send; the page adds the idempotency key.
 */
import type { BetInput, RoomView } from '@tradehall/contracts';
import { checkAmountLimits, readAmount } from '../../lib/amount.ts';
import { collectMessages, type FieldMessages, type RuleMessage } from '../../lib/form-errors.ts';

export interface PositionForm {
  bet: BetInput | null;
  amount: string;
}

export type PositionField = keyof PositionForm;

export type PositionValidation =
  | { ok: true; value: { bet: BetInput; amount: number } }
  | { ok: false; errors: FieldMessages<PositionField> };

export function validatePosition(
  form: PositionForm,
  room: Pick<RoomView, 'stakeMinimum' | 'stakeMaximum'>,
): PositionValidation {
  const reading = readAmount(form.amount, 'validation.investmentAmountRequired');
  const amount: RuleMessage | null = reading.ok
    ? checkAmountLimits(reading.cents, {
        minimum: room.stakeMinimum,
        maximum: room.stakeMaximum,
        belowCode: 'STAKE_BELOW_MINIMUM',
        aboveCode: 'STAKE_ABOVE_MAXIMUM',
      })
    : reading.message;
  const errors = collectMessages({
    bet: form.bet ? null : { key: 'validation.betTypeInvalid' },
    amount,
  });
  if (!form.bet || !reading.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { bet: form.bet, amount: reading.cents } };
}
