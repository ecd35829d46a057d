/**
 * Wire shapes of money: funding methods, deposits, withdrawals, bank cards, wallets, the
 * records pages and the assets page. Amounts are integer cents as JSON numbers: a string, a fraction of a
 * cent, zero or a negative amount is refused by the schema itself.
 */
import {
  BOTH_SIDES_BETS,
  checkAccountNumber,
  checkName,
  checkPersonName,
  checkTxHash,
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  LEDGER_CODES,
  NAME_MAX,
  ROOM_TIERS,
  type RuleResult,
  type ValidationKey,
  WALLET_TYPES,
  WITHDRAWAL_STATUSES,
} from '@tradehall/domain';
import { z } from 'zod';
import { idField, paymentPasswordField, textField, unixSeconds, validText } from './fields.ts';

/** A positive integer number of cents, at most 2^53 - 1; the message says which rule failed. */
export function amountField(requiredKey: ValidationKey = 'validation.amountInvalid') {
  return z
    .number({ message: requiredKey })
    .int({ message: 'validation.amountCents' })
    .positive({ message: 'validation.amountPositive' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'validation.amountInvalid' });
}

/** A key the client generates once per money operation and re-sends on every retry of it. */
export const idempotencyKeyField = z
  .string({ message: 'validation.idempotencyKey' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'validation.idempotencyKey' });

/**
 * A name typed by a person, checked by a domain name rule (required, valid text, written with letters).
 * The raw input may carry some surrounding spaces beyond the limit; the stored value is trimmed.
 */
function nameField(
  requiredKey: ValidationKey,
  rule: (value: string, requiredKey: ValidationKey) => RuleResult,
) {
  return z
    .string({ message: requiredKey })
    .max(NAME_MAX + 16, { message: 'validation.tooLong' })
    .superRefine((value, ctx) => {
      const key = rule(value, requiredKey);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform((value) => value.trim());
}
/** A person's name: the real name, a depositor, a card's payee. */
const personNameField = (requiredKey: ValidationKey) => nameField(requiredKey, checkPersonName);
/** A bank's name, or a receiving account's payee (which may be a company). */
const organisationNameField = (requiredKey: ValidationKey) => nameField(requiredKey, checkName);

export const walletTypeSchema = z.enum(WALLET_TYPES, { message: 'validation.walletTypeRequired' });
export const depositMethodSchema = z.enum(DEPOSIT_METHODS);
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export const ledgerCodeSchema = z.enum(LEDGER_CODES);

/** Cursor pagination for every records list: newest first. */
export const pageQuerySchema = z.strictObject({
  cursor: textField(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

// ---- funding methods -------------------------------------------------------------------------------

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
   * whose payments move no real money (the top-up page says so).
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

// ---- uploads ----------------------------------------------------------------------------------------

export const uploadResponseSchema = z.object({
  id: idField,
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

// ---- deposits ---------------------------------------------------------------------------------------

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

// ---- bank cards and wallets -------------------------------------------------------------------------

export const createBankCardRequestSchema = z.strictObject({
  bankName: organisationNameField('validation.bankNameRequired'),
  accountNumber: z.string({ message: 'validation.accountNumberRequired' }).superRefine((value, ctx) => {
    const key = checkAccountNumber(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  }),
  payee: personNameField('validation.payeeRequired'),
});
export type CreateBankCardRequest = z.infer<typeof createBankCardRequestSchema>;

export const bankCardSchema = z.object({
  id: idField,
  bankName: z.string(),
  maskedNumber: z.string(),
  payee: z.string(),
  createdAt: unixSeconds,
});
export type BankCardView = z.infer<typeof bankCardSchema>;
export const bankCardListSchema = z.object({ items: z.array(bankCardSchema) });

/** The real name is set once (bank cards must be in the holder's name) and never changed by the user. */
export const setRealNameRequestSchema = z.strictObject({
  realName: personNameField('validation.realNameRequired'),
});

export const createWalletRequestSchema = z.strictObject({
  type: walletTypeSchema,
  address: validText(
    z.string({ message: 'validation.walletAddressRequired' }).max(120, { message: 'validation.tooLong' }),
  ),
});
export type CreateWalletRequest = z.infer<typeof createWalletRequestSchema>;

export const walletSchema = z.object({
  id: idField,
  type: walletTypeSchema,
  address: z.string(),
  maskedAddress: z.string(),
  createdAt: unixSeconds,
});
export type WalletView = z.infer<typeof walletSchema>;
export const walletListSchema = z.object({ items: z.array(walletSchema) });

// ---- withdrawals ------------------------------------------------------------------------------------

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

// ---- transactions and assets ------------------------------------------------------------------------

/** What a transaction line was for: the position (with its round and room), deposit or withdrawal. */
export const transactionPurposeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('position'),
    positionId: idField,
    roundId: idField,
    issue: z.string(),
    tier: z.enum(ROOM_TIERS),
    betCategory: z.enum(['both_sides', 'special_number']),
    betType: z.enum(BOTH_SIDES_BETS).nullable(),
    betNumber: z.number().int().nullable(),
    /** The position's stake: a payout line beyond it is winnings. */
    stake: z.number().int(),
  }),
  z.object({ type: z.literal('deposit'), reference: z.string(), method: depositMethodSchema }),
  z.object({ type: z.literal('withdrawal'), reference: z.string(), destinationLabel: z.string() }),
  z.object({ type: z.literal('other') }),
]);
export type TransactionPurpose = z.infer<typeof transactionPurposeSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  code: ledgerCodeSchema,
  /**
   * Signed from the user's point of view: positive into the balance, negative out of it. A won
   * position's payout is ONE line: its stake returned and its winnings together.
   */
  amount: z.number().int(),
  /** The balance right after this line (null only where the ledger could not tell). */
  balanceAfter: z.number().int().nullable(),
  purpose: transactionPurposeSchema,
  refType: z.string(),
  refId: z.string(),
  createdAt: unixSeconds,
});
export type TransactionView = z.infer<typeof transactionSchema>;
export const transactionPageSchema = pageOf(transactionSchema);

export const assetsResponseSchema = z.object({
  currency: z.string(),
  balance: z.number().int(),
  withdrawable: z.number().int(),
  /** Held by withdrawals that are requested and not yet paid or rejected. */
  held: z.number().int(),
  totalDeposited: z.number().int(),
  totalWithdrawn: z.number().int(),
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /**
   * The turnover rule: deposits become withdrawable once stakes of `turnoverMultiplier` times them have
   * been placed; `stakesOwed` is what is still to be staked (0 when met or when the rule is off).
   */
  turnover: z.object({
    multiplier: z.number().nonnegative(),
    totalDeposited: z.number().int(),
    totalStaked: z.number().int(),
    stakesOwed: z.number().int(),
  }),
});
export type AssetsResponse = z.infer<typeof assetsResponseSchema>;
