/**
 * Amounts as the user types them, read into integer cents with the domain's parseAmount (never a float),
 * and cents written back as an input value ("1234.5" -> 123450 -> "1234.50").
 */

import type { ErrorCode } from '@tradehall/contracts';
import { type Cents, formatMoney, parseAmount, type ValidationKey } from '@tradehall/domain';
import { z } from 'zod';
import { addRuleIssue, type RuleMessage } from './forms/messages.ts';

export type AmountReading = { ok: true; cents: Cents } | { ok: false; message: RuleMessage };

/** Some mobile keyboards offer only a comma: "10,5" is read as 10.50 (never as a thousands separator). */
function normalise(input: string): string {
  const text = input.trim();
  return /^\d+,\d{1,2}$/.test(text) ? text.replace(',', '.') : text;
}

export function readAmount(input: string, requiredKey: ValidationKey): AmountReading {
  const text = normalise(input);
  if (text === '') return { ok: false, message: { key: requiredKey } };
  if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, message: { key: 'validation.amountCents' } };
  const cents = parseAmount(text);
  if (cents === null) return { ok: false, message: { key: 'validation.amountInvalid' } };
  if (cents <= 0) return { ok: false, message: { key: 'validation.amountPositive' } };
  return { ok: true, cents };
}

export interface AmountLimits {
  minimum: Cents;
  maximum: Cents;
  belowCode: ErrorCode;
  aboveCode: ErrorCode;
}

/** The server's own message for a limit ("cannot be less than {{amount}}"), with the limit in dollars. */
export function checkAmountLimits(cents: Cents, limits: AmountLimits): RuleMessage | null {
  if (cents < limits.minimum) {
    return { key: `errors.${limits.belowCode}`, values: { amount: formatMoney(limits.minimum) } };
  }
  if (cents > limits.maximum) {
    return { key: `errors.${limits.aboveCode}`, values: { amount: formatMoney(limits.maximum) } };
  }
  return null;
}

/**
 * An amount field of a form schema: the typed text in, integer cents out, or the reading's message
 * ("cannot be empty", "at most two decimals"...) and then `check`'s (a limit) on the field.
 */
export function amountInput(requiredKey: ValidationKey, check: (cents: Cents) => RuleMessage | null) {
  return z.string().transform((input, ctx) => {
    const reading = readAmount(input, requiredKey);
    const message = reading.ok ? check(reading.cents) : reading.message;
    if (message || !reading.ok) {
      addRuleIssue(ctx, message);
      return z.NEVER;
    }
    return reading.cents;
  });
}

/** Cents as an input value, without thousands separators so it reads back unchanged. */
export function toAmountInput(cents: Cents): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}
