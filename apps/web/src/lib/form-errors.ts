/**
 * Form error plumbing shared by every form: rule results are i18n keys (from @tradehall/domain), server
 * validation details arrive already translated, keyed by field path.
 */
import type { ErrorCode } from '@tradehall/contracts';
import type { RuleResult, ValidationKey } from '@tradehall/domain';
import { isApiError } from './api-client.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FieldRuleErrors<F extends string> = Partial<Record<F, ValidationKey>>;

/** Keeps only the fields that failed. */
export function collectErrors<F extends string>(results: Record<F, RuleResult>): FieldRuleErrors<F> {
  const errors: FieldRuleErrors<F> = {};
  for (const field of Object.keys(results) as F[]) {
    const key = results[field];
    if (key) errors[field] = key;
  }
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * Where a pre-existing value is only checked, not set (an account or password at login), only the
 * "required" outcome of a rule applies; format rules are for new values.
 */
export function requiredOnly(result: RuleResult): RuleResult {
  return result?.endsWith('Required') ? result : null;
}

/** The server's per-field messages (`details: [{path, message}]`) for the fields this form shows. */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!isApiError(error)) return errors;
  for (const detail of error.details) {
    const field = fields.find((name) => name === detail.path || detail.path.startsWith(`${name}.`));
    if (field && errors[field] === undefined) errors[field] = detail.message;
  }
  return errors;
}

export function translateRuleErrors<F extends string>(
  errors: FieldRuleErrors<F>,
  translate: (key: ValidationKey) => string,
): FieldErrors<F> {
  const texts: FieldErrors<F> = {};
  for (const field of Object.keys(errors) as F[]) {
    const key = errors[field];
    if (key) texts[field] = translate(key);
  }
  return texts;
}

/**
 * A rule outcome that may carry values for its message: a limit ("cannot be less than {{amount}}"),
 * or a server error code's message used for the same rule on the client (`errors.DEPOSIT_BELOW_MINIMUM`).
 */
export type MessageKey = ValidationKey | `errors.${ErrorCode}`;
export interface RuleMessage {
  key: MessageKey;
  values?: Record<string, string>;
}
export type FieldMessages<F extends string> = Partial<Record<F, RuleMessage>>;

/** A plain rule result as a message (null stays null). */
export function ruleMessage(key: RuleResult): RuleMessage | null {
  return key ? { key } : null;
}

/** Keeps only the fields that failed. */
export function collectMessages<F extends string>(results: Record<F, RuleMessage | null>): FieldMessages<F> {
  const messages: FieldMessages<F> = {};
  for (const field of Object.keys(results) as F[]) {
    const message = results[field];
    if (message) messages[field] = message;
  }
  return messages;
}

export function translateMessages<F extends string>(
  messages: FieldMessages<F>,
  translate: (key: MessageKey, values?: Record<string, string>) => string,
): FieldErrors<F> {
  const texts: FieldErrors<F> = {};
  for (const field of Object.keys(messages) as F[]) {
    const message = messages[field];
    if (message) texts[field] = translate(message.key, message.values);
  }
  return texts;
}
