/**
 * The one place where a form schema's zod issue becomes the text a form shows. Every issue carries the
 * i18n key of its message: the contract's field schemas set theirs (`validation.*`, from the domain
 * rules the server applies too), the form schemas add theirs with `addRuleIssue`, and zod's own checks
 * (a wrong type, a missing value) get the shared catalogue's generic keys here. A message that needs
 * values (a limit: "cannot be less than {{amount}}") carries them inside the issue's message, as zod
 * and react-hook-form pass only a string along; `messageText` reads them back out and translates.
 */
import type { ErrorCode } from '@tradehall/contracts';
import type { RuleResult, ValidationKey } from '@tradehall/domain';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A catalogue key a form message may use: a domain rule's, a server error code's for the same rule, or
 * one of the server-lines form's (a form that checks an address on the device, with no API behind it).
 */
export type MessageKey =
  | ValidationKey
  | `errors.${ErrorCode}`
  | `serverLines.errors.${'required' | 'invalid' | 'path' | 'duplicate' | 'tooMany'}`;

/** A rule outcome that may carry values for its message (a limit, in dollars). */
export interface RuleMessage {
  key: MessageKey;
  values?: Record<string, string>;
}

/** Between a key and its values in an issue's message: a character no key or text holds. */
const VALUES_MARK = '\u001f';

/** Adds the rule's message (if it failed) to the field the refinement checks, or to `path` under it. */
export function addRuleIssue(
  ctx: z.RefinementCtx,
  message: RuleMessage | RuleResult,
  path?: readonly PropertyKey[],
): void {
  if (!message) return;
  const { key, values } = typeof message === 'string' ? { key: message, values: undefined } : message;
  ctx.addIssue({
    code: 'custom',
    message: values ? `${key}${VALUES_MARK}${JSON.stringify(values)}` : key,
    ...(path ? { path: [...path] } : {}),
  });
}

/**
 * i18next's typed `t` cannot check a key only known as a string, nor a union of keys whose messages take
 * different values, so the call is widened here; the keys come from the catalogue's own entries.
 */
type LooseT = (key: string, options?: Record<string, string>) => string;

/** An issue's message read back: its key and the values for it. */
export function messageParts(message: string): { key: string; values?: Record<string, string> } {
  const mark = message.indexOf(VALUES_MARK);
  if (mark < 0) return { key: message };
  return {
    key: message.slice(0, mark),
    values: JSON.parse(message.slice(mark + 1)) as Record<string, string>,
  };
}

/** An issue's message (a key, maybe with values) in the current language. */
export function messageText(message: string, t: TFunction): string {
  const { key, values } = messageParts(message);
  return (t as unknown as LooseT)(key, values);
}

/**
 * Where a pre-existing value is only checked, not set (an account or password at login), only the
 * "required" outcome of a rule applies; format rules are for new values.
 */
export function requiredOnly(result: RuleResult): RuleResult {
  return result?.endsWith('Required') ? result : null;
}

/** zod's own checks, before any rule runs: the shared catalogue's generic messages (the server's too). */
export const parseOptions = {
  error: (issue: z.core.$ZodRawIssue): string => {
    if (issue.code === 'invalid_type') {
      return issue.input === undefined ? 'validation.required' : 'validation.invalidType';
    }
    if (issue.code === 'unrecognized_keys') return 'validation.unknownField';
    return 'validation.invalidValue';
  },
};

/** Each field's first message, translated (the resolver keeps one per field: the first that failed). */
function translateErrors(errors: FieldErrors, t: TFunction): void {
  for (const entry of Object.values(errors)) {
    if (!entry || typeof entry !== 'object') continue;
    const error = entry as FieldError;
    if (typeof error.message === 'string') error.message = messageText(error.message, t);
    else translateErrors(entry as FieldErrors, t);
  }
}

/** The zod resolver's errors, in the current language. */
export function translatedResolver<I extends FieldValues, C, O>(
  resolver: Resolver<I, C, O>,
  t: TFunction,
): Resolver<I, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateErrors(result.errors, t);
    return result;
  };
}
