/**
 * Withdrawals: a user's request to a bound bank card or wallet with the payment password, its record, and
 * the operators' queue that pays or rejects it. Amounts are integer cents.
 */
import { WITHDRAWAL_STATS_WINDOWS, WITHDRAWAL_STATUSES } from '@tradehall/domain';
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

// ---- withdrawals in the open (docs/trust/withdrawals.md) ----------------------------------------------

export const withdrawalStatsWindowSchema = z.enum(WITHDRAWAL_STATS_WINDOWS);

/** The median wait a user is told, and the window it comes from (the shortest with a paid withdrawal). */
export const medianWaitSchema = z
  .object({ window: withdrawalStatsWindowSchema, seconds: z.number().int().nonnegative() })
  .nullable();

/**
 * The public queue figures, computed only from the withdrawals themselves (no figure an operator types):
 * what is pending now, and per window the paid and rejected decisions, the median and 95th-percentile
 * wait from request to paid, and the share rejected. See packages/domain's withdrawal-stats.ts.
 */
export const withdrawalStatsSchema = z.object({
  /** When the figures were computed (they may be served for a few seconds). */
  asOf: unixSeconds,
  pending: z.object({
    count: z.number().int().nonnegative(),
    /** Cents held for them. */
    amount: z.number().int().nonnegative(),
    /** The request time of the oldest still pending: how long the queue's head has waited. */
    oldestRequestedAt: unixSeconds.nullable(),
  }),
  windows: z.array(
    z.object({
      window: withdrawalStatsWindowSchema,
      paid: z.number().int().nonnegative(),
      rejected: z.number().int().nonnegative(),
      medianSeconds: z.number().int().nonnegative().nullable(),
      p95Seconds: z.number().int().nonnegative().nullable(),
      /** rejected / (paid + rejected), 0..1; null when nothing was decided in the window. */
      rejectedShare: z.number().min(0).max(1).nullable(),
    }),
  ),
  medianWait: medianWaitSchema,
});
export type WithdrawalStats = z.infer<typeof withdrawalStatsSchema>;

/** My pending withdrawals with their place in the queue (first in, first out among all pending). */
export const withdrawalQueueSchema = z.object({
  asOf: unixSeconds,
  /** Every user's pending withdrawals. */
  pendingCount: z.number().int().nonnegative(),
  medianWait: medianWaitSchema,
  items: z.array(
    z.object({
      id: idField,
      reference: z.string(),
      amount: z.number().int(),
      createdAt: unixSeconds,
      /** 1 for the oldest pending request of anyone. */
      place: z.number().int().positive(),
    }),
  ),
});
export type WithdrawalQueue = z.infer<typeof withdrawalQueueSchema>;

/**
 * One decided withdrawal of the last 30 days, as published for anyone to recompute the figures: when it
 * was requested and decided (unix seconds) and how it ended; no user, no amount.
 */
export const withdrawalSampleSchema = z.object({
  requestedAt: unixSeconds,
  decidedAt: unixSeconds,
  outcome: z.enum(['paid', 'rejected']),
});
export type WithdrawalSample = z.infer<typeof withdrawalSampleSchema>;
export const withdrawalSamplePageSchema = pageOf(withdrawalSampleSchema);
