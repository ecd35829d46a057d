/**
 * Form error plumbing shared by every form: rule results are i18n keys (from @tradehall/domain), server
 * validation details arrive already translated, keyed by field path.
 */
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
