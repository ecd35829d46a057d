/**
 * Withdrawals: a user's request to a bound bank card or wallet with the payment password, its record, and
 * the operators' queue that pays or rejects it. Amounts are integer cents.
 */
import { WITHDRAWAL_STATUSES } from '@tradehall/domain';
import { z } from 'zod';
import {
  amountField,
  idempotencyKeyField,
  idField,
  ownerFields,
  pageOf,
  pageQueryFields,
  paymentPasswordField,
  textField,
  unixSeconds,
} from './common.ts';

export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

export const withdrawalDestinationSchema = z.enum(['bank_card', 'wallet'], {
  message: 'validation.withdrawMethodRequired',
});

export const createWithdrawalRequestSchema = z.strictObject({
  amount: amountField('validation.withdrawAmountRequired'),
  destinationType: withdrawalDestinationSchema,
  destinationId: z.uuid({ message: 'validation.withdrawMethodRequired' }),
  paymentPassword: z.string({ message: 'validation.paymentPasswordRequired' }).pipe(paymentPasswordField),
  idempotencyKey: idempotencyKeyField,
});
export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequestSchema>;

export const withdrawalSchema = z.object({
  id: idField,
  reference: z.string(),
  amount: z.number().int(),
  status: withdrawalStatusSchema,
  destinationType: withdrawalDestinationSchema,
  /** e.g. "HSBC **** 7890" or "USDT-TRC20 TR7NHq…gjLj6t", frozen at request time. */
  destinationLabel: z.string(),
  paymentReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: unixSeconds,
  decidedAt: unixSeconds.nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageOf(withdrawalSchema);
export const adminWithdrawalSchema = withdrawalSchema.extend({
  ...ownerFields,
  destinationDetail: z.string(),
});
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema);

export const adminWithdrawalQuerySchema = z.strictObject({
  status: withdrawalStatusSchema.optional(),
  /** The withdrawal method: to a bank card or to a wallet. */
  destinationType: withdrawalDestinationSchema.optional(),
  ...pageQueryFields,
});

export const markPaidRequestSchema = z.strictObject({
  paymentReference: textField(200, { requiredKey: 'validation.paymentReferenceRequired', trim: true }),
});
