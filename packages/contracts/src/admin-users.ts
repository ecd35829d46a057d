/**
 * Users as operators see and manage them: search, the detail page (ledger, positions, deposits,
 * withdrawals, cards, wallets, sessions), freezing, the credit score and balance adjustments. Integer
 * cents, unix seconds.
 */
import { z } from 'zod';
import { bankCardSchema } from './bank-cards.ts';
import {
  idempotencyKeyField,
  idField,
  operatorReasonField,
  pageOf,
  pageQueryFields,
  textField,
  unixSeconds,
} from './common.ts';
import { adminDepositSchema } from './deposits.ts';
import { transferIdField } from './ledger.ts';
import { positionSchema } from './positions.ts';
import { walletSchema } from './wallets.ts';
import { adminWithdrawalSchema } from './withdrawals.ts';

export const adminUserSchema = z.object({
  id: idField,
  account: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
  creditScore: z.number().int(),
  frozen: z.boolean(),
  balance: z.number().int(),
  createdAt: unixSeconds,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

export const adminUserQuerySchema = z.strictObject({
  /** Matches account, id, nickname or email (case-insensitive, substring). */
  q: textField(64, { trim: true }).optional(),
  ...pageQueryFields,
});

export const adminLedgerEntrySchema = z.object({
  transferId: transferIdField,
  code: z.string(),
  reference: z.string(),
  /** Signed from the viewed account's side: positive in, negative out. */
  amount: z.number().int(),
  createdAt: unixSeconds,
});

export const adminSessionSchema = z.object({
  id: idField,
  createdAt: unixSeconds,
  lastSeenAt: unixSeconds.nullable(),
  expiresAt: unixSeconds,
  userAgent: z.string().nullable(),
});

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  withdrawable: z.number().int(),
  /** Newest first, the last 50 of each. */
  ledger: z.array(adminLedgerEntrySchema),
  positions: z.array(positionSchema),
  deposits: z.array(adminDepositSchema),
  withdrawals: z.array(adminWithdrawalSchema),
  bankCards: z.array(bankCardSchema),
  wallets: z.array(walletSchema),
  sessions: z.array(adminSessionSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const reasonRequestSchema = z.strictObject({ reason: operatorReasonField });

export const creditScoreRequestSchema = z.strictObject({
  score: z.number().int().min(0).max(1000),
  reason: operatorReasonField,
});

/** A balance adjustment: a double-entry transfer between the house and the user, never a bare update. */
export const balanceAdjustmentRequestSchema = z.strictObject({
  /** Signed cents: positive credits the user, negative debits. Never zero. */
  amount: z
    .number()
    .int({ message: 'validation.amountCents' })
    .refine((value) => value !== 0, { message: 'validation.amountNonZero' })
    .refine((value) => Math.abs(value) <= 100_000_000_00, { message: 'validation.amountTooLarge' }),
  reason: operatorReasonField,
  idempotencyKey: idempotencyKeyField,
});

export const balanceAdjustmentResponseSchema = z.object({
  transferId: transferIdField,
  balance: z.number().int(),
});
