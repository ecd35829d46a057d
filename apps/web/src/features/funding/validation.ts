/**
 * The money forms' client-side checks, built from the domain rules and limits the server applies too, so
 * a form says exactly what the API would. A valid form yields the request to send (amounts in cents,
 * text trimmed); the idempotency key is added by the page.
 */
import type { FundingMethodsResponse, WithdrawalView } from '@tradehall/contracts';
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
import { checkAmountLimits, readAmount } from '../../lib/amount.ts';
import { collectMessages, type FieldMessages, type RuleMessage, ruleMessage } from '../../lib/form-errors.ts';

export type Validated<F extends string, T> = { ok: true; value: T } | { ok: false; errors: FieldMessages<F> };

function outcome<F extends string, T>(errors: FieldMessages<F>, value: () => T): Validated<F, T> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value() };
}

type DepositLimits = Pick<FundingMethodsResponse, 'minimumDeposit' | 'maximumDeposit'>;

/** A deposit amount: required ("Recharge amount cannot be empty"), within the configured limits. */
function depositAmount(input: string, limits: DepositLimits): { message: RuleMessage | null; cents: Cents } {
  const reading = readAmount(input, 'validation.rechargeAmountRequired');
  if (!reading.ok) return { message: reading.message, cents: 0 };
  const message = checkAmountLimits(reading.cents, {
    minimum: limits.minimumDeposit,
    maximum: limits.maximumDeposit,
    belowCode: 'DEPOSIT_BELOW_MINIMUM',
    aboveCode: 'DEPOSIT_ABOVE_MAXIMUM',
  });
  return { message, cents: reading.cents };
}

const isWalletType = (value: string | null): value is WalletType =>
  value !== null && (WALLET_TYPES as readonly string[]).includes(value);

// ---- offline top-up --------------------------------------------------------------------------------

export interface OfflineDepositForm {
  amount: string;
  depositorName: string;
  receiptUploadId: string | null;
}

export function validateOfflineDeposit(form: OfflineDepositForm, limits: DepositLimits) {
  const amount = depositAmount(form.amount, limits);
  const errors = collectMessages({
    amount: amount.message,
    depositorName: ruleMessage(checkPersonName(form.depositorName, 'validation.depositorNameRequired')),
  });
  return outcome(errors, () => ({
    method: 'offline' as const,
    amount: amount.cents,
    depositorName: form.depositorName.trim(),
    receiptUploadId: form.receiptUploadId,
  }));
}

// ---- currency (crypto) top-up ----------------------------------------------------------------------

export interface CryptoDepositForm {
  network: string | null;
  amount: string;
  txHash: string;
}

export function validateCryptoDeposit(form: CryptoDepositForm, limits: DepositLimits) {
  const amount = depositAmount(form.amount, limits);
  const network = form.network;
  const errors = collectMessages({
    network: isWalletType(network) ? null : ruleMessage('validation.networkRequired'),
    amount: amount.message,
    txHash: ruleMessage(checkTxHash(form.txHash)),
  });
  return outcome(errors, () => ({
    method: 'crypto' as const,
    network: network as WalletType,
    amount: amount.cents,
    txHash: form.txHash.trim(),
  }));
}

// ---- bank-card payment ------------------------------------------------------------------------------

export function validateCardDeposit(form: { amount: string }, limits: DepositLimits) {
  const amount = depositAmount(form.amount, limits);
  const errors = collectMessages({ amount: amount.message });
  return outcome(errors, () => ({ method: 'card' as const, amount: amount.cents }));
}

// ---- bind a bank card -------------------------------------------------------------------------------

export interface BankCardForm {
  realName: string;
  bankName: string;
  accountNumber: string;
  payee: string;
}

/**
 * `savedRealName` is the account's real name when it is already set (then the form has no real-name
 * field); otherwise the real name typed here is set first. Either way the payee must be that name: the
 * card must belong to the holder.
 */
export function validateBankCard(form: BankCardForm, savedRealName: string | null) {
  const realName = savedRealName ?? form.realName;
  // People's names are written with letters ("😀" is no real name, and the real name is set for good).
  const payeeRule = checkPersonName(form.payee, 'validation.payeeRequired');
  const realNameRule =
    savedRealName === null ? checkPersonName(form.realName, 'validation.realNameRequired') : null;
  const errors = collectMessages({
    realName: ruleMessage(realNameRule),
    bankName: ruleMessage(checkName(form.bankName, 'validation.bankNameRequired')),
    accountNumber: ruleMessage(checkAccountNumber(form.accountNumber)),
    payee:
      ruleMessage(payeeRule) ??
      (realNameRule === null && !sameName(form.payee, realName) ? { key: 'errors.PAYEE_MISMATCH' } : null),
  });
  return outcome(errors, () => ({
    realName: savedRealName === null ? form.realName.trim() : null,
    card: {
      bankName: form.bankName.trim(),
      accountNumber: normalizeAccountNumber(form.accountNumber),
      payee: form.payee.trim(),
    },
  }));
}

// ---- add a wallet -----------------------------------------------------------------------------------

export interface WalletForm {
  type: string | null;
  address: string;
}

export function validateWallet(form: WalletForm) {
  const type = form.type;
  const errors = collectMessages({
    type: isWalletType(type) ? null : ruleMessage('validation.walletTypeRequired'),
    // The address is checked against the chosen type; with no type chosen only "required" applies.
    address: ruleMessage(
      isWalletType(type)
        ? checkWalletAddress(type, form.address)
        : form.address.trim() === ''
          ? 'validation.walletAddressRequired'
          : null,
    ),
  });
  return outcome(errors, () => ({ type: type as WalletType, address: form.address.trim() }));
}

// ---- withdraw ---------------------------------------------------------------------------------------

export type WithdrawDestination = WithdrawalView['destinationType'];

export interface WithdrawForm {
  amount: string;
  /** `${destinationType}:${id}` of the chosen card or wallet. */
  method: string | null;
  paymentPassword: string;
}

export interface WithdrawLimits {
  minimumWithdrawal: Cents;
  maximumWithdrawal: Cents;
  withdrawable: Cents;
}

export function withdrawMethodValue(type: WithdrawDestination, id: string): string {
  return `${type}:${id}`;
}

function parseWithdrawMethod(value: string | null): { type: WithdrawDestination; id: string } | null {
  const match = value === null ? null : /^(bank_card|wallet):(.+)$/.exec(value);
  if (!match?.[2]) return null;
  return { type: match[1] === 'wallet' ? 'wallet' : 'bank_card', id: match[2] };
}

export function validateWithdraw(form: WithdrawForm, limits: WithdrawLimits) {
  const reading = readAmount(form.amount, 'validation.withdrawAmountRequired');
  let amountMessage: RuleMessage | null = reading.ok ? null : reading.message;
  if (reading.ok) {
    amountMessage =
      checkAmountLimits(reading.cents, {
        minimum: limits.minimumWithdrawal,
        maximum: limits.maximumWithdrawal,
        belowCode: 'WITHDRAWAL_BELOW_MINIMUM',
        aboveCode: 'WITHDRAWAL_ABOVE_MAXIMUM',
      }) ??
      (reading.cents > limits.withdrawable
        ? { key: 'errors.EXCEEDS_WITHDRAWABLE', values: { amount: formatMoney(limits.withdrawable) } }
        : null);
  }
  const method = parseWithdrawMethod(form.method);
  const errors = collectMessages({
    amount: amountMessage,
    method: method ? null : ruleMessage('validation.withdrawMethodRequired'),
    paymentPassword: ruleMessage(
      form.paymentPassword === ''
        ? 'validation.paymentPasswordRequired'
        : checkPaymentPassword(form.paymentPassword),
    ),
  });
  return outcome(errors, () => ({
    amount: reading.ok ? reading.cents : 0,
    destinationType: method?.type ?? 'bank_card',
    destinationId: method?.id ?? '',
    paymentPassword: form.paymentPassword,
  }));
}
