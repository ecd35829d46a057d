/** Operator side of money: the deposit and withdrawal queues and the ledger audit. */
import { z } from 'zod';
import { idField, multilineTextField, textField } from './fields.ts';
import {
  cryptoNetworkSchema,
  depositMethodSchema,
  depositSchema,
  depositStatusSchema,
  fundingSettingsSchema,
  pageOf,
  receivingBankAccountSchema,
  withdrawalDestinationSchema,
  withdrawalSchema,
  withdrawalStatusSchema,
} from './funding.ts';

const owner = { userId: idField, account: z.string() };

export const adminDepositSchema = depositSchema.extend(owner);
export const adminDepositPageSchema = pageOf(adminDepositSchema);
export const adminDepositQuerySchema = z.strictObject({
  status: depositStatusSchema.optional(),
  method: depositMethodSchema.optional(),
  cursor: textField(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const adminWithdrawalSchema = withdrawalSchema.extend({ ...owner, destinationDetail: z.string() });
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema);
export const adminWithdrawalQuerySchema = z.strictObject({
  status: withdrawalStatusSchema.optional(),
  /** The withdrawal method: to a bank card or to a wallet. */
  destinationType: withdrawalDestinationSchema.optional(),
  cursor: textField(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** Typed in a text area by the operator, so it may run over several lines. */
const reasonField = multilineTextField(500, 'validation.reasonRequired');
export const rejectRequestSchema = z.strictObject({ reason: reasonField });
export const markPaidRequestSchema = z.strictObject({
  paymentReference: textField(200, { requiredKey: 'validation.paymentReferenceRequired', trim: true }),
});

export const ledgerAuditResponseSchema = z.object({
  ok: z.boolean(),
  /** Sum of every account's balance (materialised for users, derived for system accounts): must be 0. */
  totalOfBalances: z.number().int(),
  accountsChecked: z.number().int(),
  transfersChecked: z.number().int(),
  /** Accounts whose materialised balance differs from the sum of their transfers. */
  mismatches: z.array(
    z.object({
      accountId: z.string(),
      kind: z.string(),
      materialised: z.number().int(),
      fromTransfers: z.number().int(),
    }),
  ),
  /** User accounts below zero (must be none). */
  negativeUserBalances: z.number().int(),
  checkedAt: z.number().int(),
});
export type LedgerAuditResponse = z.infer<typeof ledgerAuditResponseSchema>;

/**
 * GET and PUT /admin/funding/methods answer the settings as stored: the shape of fundingSettingsSchema
 * without its input transforms (a response is encoded, and a trim cannot run backwards).
 */
export const fundingSettingsResponseSchema = z.object({
  bankAccounts: z.array(receivingBankAccountSchema),
  cryptoNetworks: z.array(cryptoNetworkSchema),
  cardPaymentEnabled: z.boolean(),
  /**
   * The card gateway the switch applies to, from the server's configuration: `none` when there is none
   * (card payment is then off whatever the switch says); `testPayments` for the sandbox.
   */
  cardProvider: z.object({ name: z.string(), testPayments: z.boolean() }),
});
export type FundingSettingsResponse = z.infer<typeof fundingSettingsResponseSchema>;

/**
 * PUT /admin/funding/methods (admin role): the settings plus a current code from the admin's
 * authenticator app. Where users send money is changed only with a second factor in hand (step-up):
 * no two-factor enrolled, or no code, is TOTP_REQUIRED; a wrong or already used code TOTP_INVALID.
 * Optional here so that a missing code is that error rather than a validation failure.
 */
export const fundingSettingsUpdateRequestSchema = fundingSettingsSchema.extend({
  totpCode: z
    .string()
    .regex(/^\d{6}$/, { message: 'validation.totpCodeFormat' })
    .optional(),
});
export type FundingSettingsUpdateRequest = z.infer<typeof fundingSettingsUpdateRequestSchema>;
