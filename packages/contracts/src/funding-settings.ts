/**
 * The funding settings: where users send a recharge (receiving bank accounts, deposit addresses), whether
 * card payment is on, and the limits; what a user is shown and what an admin configures.
 */
import { checkAccountNumber } from '@tradehall/domain';
import { z } from 'zod';
import { organisationNameField, validText } from './common.ts';
import { walletTypeSchema } from './wallets.ts';

export const receivingBankAccountSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  payee: z.string(),
});
export const cryptoNetworkSchema = z.object({ network: walletTypeSchema, address: z.string() });

export const fundingMethodsResponseSchema = z.object({
  currency: z.string(),
  bankAccounts: z.array(receivingBankAccountSchema),
  cryptoNetworks: z.array(cryptoNetworkSchema),
  /**
   * `provider` is `none` when the server has no card gateway; `testPayments` marks the sandbox gateway,
   * whose payments move no real money (the recharge page says so).
   */
  cardPayment: z.object({ available: z.boolean(), provider: z.string(), testPayments: z.boolean() }),
  minimumDeposit: z.number().int(),
  maximumDeposit: z.number().int(),
  minimumWithdrawal: z.number().int(),
  maximumWithdrawal: z.number().int(),
  withdrawalsPerDay: z.number().int(),
});
export type FundingMethodsResponse = z.infer<typeof fundingMethodsResponseSchema>;

/** PUT /admin/funding/methods: what an operator configures (limits stay in server configuration). */
export const fundingSettingsSchema = z.strictObject({
  bankAccounts: z.array(
    z.strictObject({
      id: validText(z.string().min(1).max(40)),
      bankName: organisationNameField('validation.bankNameRequired'),
      accountNumber: z.string().superRefine((value, ctx) => {
        const key = checkAccountNumber(value);
        if (key) ctx.addIssue({ code: 'custom', message: key });
      }),
      payee: organisationNameField('validation.payeeRequired'),
    }),
  ),
  cryptoNetworks: z.array(
    z.strictObject({ network: walletTypeSchema, address: validText(z.string().min(1).max(100)) }),
  ),
  cardPaymentEnabled: z.boolean(),
});
export type FundingSettings = z.infer<typeof fundingSettingsSchema>;

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
