/**
 * Deposits (recharges, docs/glossary.md): a user's request by offline transfer, crypto or card payment,
 * its record, and the operators' queue that decides it. Amounts are integer cents: a string, a fraction
 * of a cent, zero or a negative amount is refused by the schema itself.
 */
import { checkTxHash, DEPOSIT_METHODS, DEPOSIT_STATUSES } from '@tradehall/domain';
import { z } from 'zod';
import {
  amountField,
  idempotencyKeyField,
  idField,
  ownerFields,
  pageOf,
  pageQueryFields,
  personNameField,
  unixSeconds,
} from './common.ts';
import { walletTypeSchema } from './wallets.ts';

export const depositMethodSchema = z.enum(DEPOSIT_METHODS);
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);

export const createDepositRequestSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('offline'),
    amount: amountField('validation.rechargeAmountRequired'),
    depositorName: personNameField('validation.depositorNameRequired'),
    receiptUploadId: idField.nullable().optional(),
    idempotencyKey: idempotencyKeyField,
  }),
  z.strictObject({
    method: z.literal('crypto'),
    network: walletTypeSchema,
    amount: amountField('validation.rechargeAmountRequired'),
    txHash: z.string({ message: 'validation.txHashRequired' }).superRefine((value, ctx) => {
      const key = checkTxHash(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    }),
    idempotencyKey: idempotencyKeyField,
  }),
  z.strictObject({
    method: z.literal('card'),
    amount: amountField('validation.rechargeAmountRequired'),
    idempotencyKey: idempotencyKeyField,
  }),
]);
export type CreateDepositRequest = z.infer<typeof createDepositRequestSchema>;

export const depositSchema = z.object({
  id: idField,
  /** Short human reference shown to the user and quoted to customer service, e.g. "D7K3Q9ZP". */
  reference: z.string(),
  method: depositMethodSchema,
  amount: z.number().int(),
  status: depositStatusSchema,
  depositorName: z.string().nullable(),
  network: walletTypeSchema.nullable(),
  txHash: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  /** Card payments: where the user completes the payment on the gateway's hosted page. */
  checkoutUrl: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: unixSeconds,
  decidedAt: unixSeconds.nullable(),
});
export type DepositView = z.infer<typeof depositSchema>;
export const depositPageSchema = pageOf(depositSchema);
export const adminDepositSchema = depositSchema.extend(ownerFields);
export const adminDepositPageSchema = pageOf(adminDepositSchema);

export const adminDepositQuerySchema = z.strictObject({
  status: depositStatusSchema.optional(),
  method: depositMethodSchema.optional(),
  ...pageQueryFields,
});
