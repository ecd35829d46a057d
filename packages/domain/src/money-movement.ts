/**
 * Funding rules (DESIGN §5 and §8): limits, ledger codes, the withdrawable amount, and the checks on bank
 * cards and wallet addresses. Pure: the server enforces them, the web forms show the same messages.
 */
import { type Cents, dollars } from './money.ts';
import { hmacSha256, sha256, toHex, utf8 } from './sha256.ts';
import { NO_CONTROL_CHARS, type ValidationKey } from './validation.ts';

export const MIN_DEPOSIT_CENTS: Cents = dollars(10);
export const MAX_DEPOSIT_CENTS: Cents = dollars(1_000_000);
export const MIN_WITHDRAWAL_CENTS: Cents = dollars(20);
export const MAX_WITHDRAWAL_CENTS: Cents = dollars(50_000);
export const WITHDRAWALS_PER_DAY = 5;
export const PAYMENT_PASSWORD_FAILURES_BEFORE_LOCK = 5;
export const PAYMENT_PASSWORD_LOCK_SECONDS = 15 * 60;
/** Stakes owed against deposits before they can be withdrawn: 1x the deposited amount; 0 disables it. */
export const DEFAULT_TURNOVER_MULTIPLIER = 1;
export const RECORDS_PAGE_SIZE = 20;

export const LEDGER_CODES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_refund',
  'withdrawal_paid',
  'stake',
  'payout',
  'stake_lost',
  'refund',
  'adjustment',
  'referral',
] as const;
export type LedgerCode = (typeof LEDGER_CODES)[number];

export const DEPOSIT_METHODS = ['offline', 'crypto', 'card'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WALLET_TYPES = ['USDT-TRC20', 'USDT-ERC20'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * Withdrawable = balance minus the unmet turnover requirement, never below zero and never above the
 * balance. The requirement is `multiplier` times everything deposited; stakes placed count towards it.
 */
export function withdrawableAmount(input: {
  balance: Cents;
  totalDeposited: Cents;
  totalStaked: Cents;
  turnoverMultiplier: number;
}): Cents {
  const required = Math.ceil(input.totalDeposited * input.turnoverMultiplier);
  const unmet = Math.max(0, required - input.totalStaked);
  return Math.max(0, Math.min(input.balance, input.balance - unmet));
}

export type AmountCheck =
  | { ok: true }
  | { ok: false; reason: 'below_minimum' | 'above_maximum'; limit: Cents };

export function checkAmountRange(amount: Cents, minimum: Cents, maximum: Cents): AmountCheck {
  if (amount < minimum) return { ok: false, reason: 'below_minimum', limit: minimum };
  if (amount > maximum) return { ok: false, reason: 'above_maximum', limit: maximum };
  return { ok: true };
}

/** Required free text (names, banks): trimmed, 1..max characters, no control characters. */
export function checkRequiredText(value: string, requiredKey: ValidationKey, max = 64): ValidationKey | null {
  const text = value.trim();
  if (text === '') return requiredKey;
  if (text.length > max) return 'validation.tooLong';
  if (!NO_CONTROL_CHARS.test(text)) return 'validation.controlCharacters';
  return null;
}

/** Bank account numbers: 8-30 digits, spaces and dashes allowed while typing and removed here. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function checkAccountNumber(value: string): ValidationKey | null {
  const digits = normalizeAccountNumber(value);
  if (digits === '') return 'validation.accountNumberRequired';
  return /^\d{8,30}$/.test(digits) ? null : 'validation.accountNumberFormat';
}

/** Names compare case-insensitively with runs of spaces collapsed: "li  wei" is "Li Wei". */
export function sameName(a: string, b: string): boolean {
  const norm = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/** "6222021234567890" -> "**** 7890". */
export function maskAccountNumber(digits: string): string {
  return `**** ${digits.slice(-4)}`;
}

/** "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" -> "TQn9Y2…KcbLSE". */
export function maskAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-6)}`;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** TRON (TRC20) address: base58check of 0x41 + 20 bytes, with a double-SHA-256 checksum. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.slice(0, 21);
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return checksum.every((byte, index) => byte === bytes[21 + index]);
}

/** Ethereum (ERC20) address: 0x + 40 hex digits. */
export function isEthereumAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

export function checkWalletAddress(type: string, address: string): ValidationKey | null {
  if (!(WALLET_TYPES as readonly string[]).includes(type)) return 'validation.walletTypeRequired';
  const text = address.trim();
  if (text === '') return 'validation.walletAddressRequired';
  const valid = type === 'USDT-TRC20' ? isTronAddress(text) : isEthereumAddress(text);
  return valid ? null : 'validation.walletAddressInvalid';
}

/** A crypto transaction hash: 64 hex digits, optionally 0x-prefixed (TRON and Ethereum both). */
export function checkTxHash(value: string): ValidationKey | null {
  const text = value.trim();
  if (text === '') return 'validation.txHashRequired';
  return /^(0x)?[0-9a-fA-F]{64}$/.test(text) ? null : 'validation.txHashInvalid';
}

/**
 * Signature of a payment-gateway webhook: hex HMAC-SHA-256 over `${timestamp}.${rawBody}`. The sandbox
 * gateway signs with it and the server verifies with it (constant-time compare on the server side).
 */
export function webhookSignature(secret: string, timestamp: number, rawBody: string): string {
  return toHex(hmacSha256(utf8(secret), utf8(`${timestamp}.${rawBody}`)));
}
