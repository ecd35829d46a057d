/**
 * The money forms' schemas: the typed values checked by the domain rules and limits the server applies
 * too (so a form says exactly what the API would), turned into the request (amounts in cents, text
 * trimmed) and then checked by the contract's own request schema. The idempotency key is added by the
 * submit hook.
 */
import {
  createBankCardRequestSchema,
  createDepositRequestSchema,
  createWalletRequestSchema,
  createWithdrawalRequestSchema,
  type FundingMethodsResponse,
  setRealNameRequestSchema,
  type WithdrawalView,
} from '@tradehall/contracts';
import {
  type Cents,
  checkAccountNumber,
  checkName,
  checkPaymentPassword,
  checkPersonName,
  checkTxHash,
  checkWalletAddress,
  formatMoney,
  normalizeAccountNumber,
  sameName,
  WALLET_TYPES,
  type WalletType,
} from '@tradehall/domain';
import { z } from 'zod';
import { amountInput, checkAmountLimits } from '../../lib/amount.ts';
import { addRuleIssue } from '../../lib/forms/messages.ts';

type RechargeLimits = Pick<FundingMethodsResponse, 'minimumDeposit' | 'maximumDeposit'>;

/** A deposit amount: required ("Recharge amount cannot be empty"), within the configured limits. */
const depositAmount = (limits: RechargeLimits) =>
  amountInput('validation.rechargeAmountRequired', (cents) =>
    checkAmountLimits(cents, {
      minimum: limits.minimumDeposit,
      maximum: limits.maximumDeposit,
      belowCode: 'DEPOSIT_BELOW_MINIMUM',
      aboveCode: 'DEPOSIT_ABOVE_MAXIMUM',
    }),
  );

const isWalletType = (value: string | null): value is WalletType =>
  value !== null && (WALLET_TYPES as readonly string[]).includes(value);

const [offlineRequest, cryptoRequest, cardRequest] = createDepositRequestSchema.options;
const offlineBody = offlineRequest.omit({ idempotencyKey: true });

// ---- offline recharge ------------------------------------------------------------------------------

export function offlineRechargeSchema(limits: RechargeLimits) {
  return z
    .object({
      amount: depositAmount(limits),
      depositorName: z.string().superRefine((value, ctx) => {
        addRuleIssue(ctx, checkPersonName(value, 'validation.depositorNameRequired'));
      }),
      receiptUploadId: z.string().nullable(),
    })
    .transform(
      (form): z.input<typeof offlineBody> => ({
        method: 'offline',
        ...form,
        depositorName: form.depositorName.trim(),
      }),
    )
    .pipe(offlineBody);
}

// ---- currency (crypto) recharge --------------------------------------------------------------------

export function cryptoRechargeSchema(limits: RechargeLimits) {
  return z
    .object({
      network: z
        .string()
        .nullable()
        .transform((network, ctx) => {
          if (isWalletType(network)) return network;
          addRuleIssue(ctx, 'validation.networkRequired');
          return z.NEVER;
        }),
      amount: depositAmount(limits),
      txHash: z.string().superRefine((value, ctx) => addRuleIssue(ctx, checkTxHash(value))),
    })
    .transform((form) => ({ method: 'crypto' as const, ...form, txHash: form.txHash.trim() }))
    .pipe(cryptoRequest.omit({ idempotencyKey: true }));
}

// ---- bank-card payment ------------------------------------------------------------------------------

export function cardRechargeSchema(limits: RechargeLimits) {
  return z
    .object({ amount: depositAmount(limits) })
    .transform((form) => ({ method: 'card' as const, ...form }))
    .pipe(cardRequest.omit({ idempotencyKey: true }));
}

// ---- bind a bank card -------------------------------------------------------------------------------

/**
 * `savedRealName` is the account's real name when it is already set (then the form has no real-name
 * field); otherwise the real name typed here is set first (`realName` in the request, else null). Either
 * way the payee must be that name: the card must belong to the holder.
 */
export function bankCardSchema(savedRealName: string | null) {
  return z
    .object({ realName: z.string(), bankName: z.string(), accountNumber: z.string(), payee: z.string() })
    .superRefine((form, ctx) => {
      const realName = savedRealName ?? form.realName;
      // People's names are written with letters ("😀" is no real name, and the real name is set for good).
      const realNameRule =
        savedRealName === null ? checkPersonName(form.realName, 'validation.realNameRequired') : null;
      addRuleIssue(ctx, realNameRule, ['realName']);
      addRuleIssue(ctx, checkName(form.bankName, 'validation.bankNameRequired'), ['bankName']);
      addRuleIssue(ctx, checkAccountNumber(form.accountNumber), ['accountNumber']);
      addRuleIssue(
        ctx,
        checkPersonName(form.payee, 'validation.payeeRequired') ??
          (realNameRule === null && !sameName(form.payee, realName)
            ? { key: 'errors.PAYEE_MISMATCH' }
            : null),
        ['payee'],
      );
    })
    .transform((form) => ({
      realName: savedRealName === null ? form.realName.trim() : null,
      bankName: form.bankName.trim(),
      accountNumber: normalizeAccountNumber(form.accountNumber),
      payee: form.payee.trim(),
    }))
    .pipe(
      createBankCardRequestSchema.extend({ realName: setRealNameRequestSchema.shape.realName.nullable() }),
    );
}

// ---- add a wallet -----------------------------------------------------------------------------------

export const walletSchema = z
  .object({ type: z.string().nullable(), address: z.string() })
  .superRefine(({ type, address }, ctx) => {
    addRuleIssue(ctx, isWalletType(type) ? null : 'validation.walletTypeRequired', ['type']);
    // The address is checked against the chosen type; with no type chosen only "required" applies.
    addRuleIssue(
      ctx,
      isWalletType(type)
        ? checkWalletAddress(type, address)
        : address.trim() === ''
          ? 'validation.walletAddressRequired'
          : null,
      ['address'],
    );
  })
  .transform(({ type, address }) => ({ type, address: address.trim() }))
  .pipe(createWalletRequestSchema);

// ---- withdraw ---------------------------------------------------------------------------------------

type WithdrawDestination = WithdrawalView['destinationType'];

export interface WithdrawLimits {
  minimumWithdrawal: Cents;
  maximumWithdrawal: Cents;
  withdrawable: Cents;
}

/** The value of a withdraw destination choice: `${destinationType}:${id}` of the chosen card or wallet. */
export function withdrawMethodValue(type: WithdrawDestination, id: string): string {
  return `${type}:${id}`;
}

function parseWithdrawMethod(value: string | null): { type: WithdrawDestination; id: string } | null {
  const match = value === null ? null : /^(bank_card|wallet):(.+)$/.exec(value);
  if (!match?.[2]) return null;
  return { type: match[1] === 'wallet' ? 'wallet' : 'bank_card', id: match[2] };
}

export function withdrawSchema(limits: WithdrawLimits) {
  return z
    .object({
      amount: amountInput(
        'validation.withdrawAmountRequired',
        (cents) =>
          checkAmountLimits(cents, {
            minimum: limits.minimumWithdrawal,
            maximum: limits.maximumWithdrawal,
            belowCode: 'WITHDRAWAL_BELOW_MINIMUM',
            aboveCode: 'WITHDRAWAL_ABOVE_MAXIMUM',
          }) ??
          (cents > limits.withdrawable
            ? { key: 'errors.EXCEEDS_WITHDRAWABLE', values: { amount: formatMoney(limits.withdrawable) } }
            : null),
      ),
      method: z
        .string()
        .nullable()
        .transform((value, ctx) => {
          const method = parseWithdrawMethod(value);
          if (method) return method;
          addRuleIssue(ctx, 'validation.withdrawMethodRequired');
          return z.NEVER;
        }),
      paymentPassword: z.string().superRefine((value, ctx) => {
        addRuleIssue(ctx, value === '' ? 'validation.paymentPasswordRequired' : checkPaymentPassword(value));
      }),
    })
    .transform(({ amount, method, paymentPassword }) => ({
      amount,
      destinationType: method.type,
      destinationId: method.id,
      paymentPassword,
    }))
    .pipe(createWithdrawalRequestSchema.omit({ idempotencyKey: true }));
}
