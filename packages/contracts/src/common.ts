/**
 * What every contract shares: the field schemas built on the domain's rules, so a form and the API refuse
 * exactly the same input, and the generic shapes (amounts, retry keys, names, paging, path ids, `ok`).
 * Each failure carries the i18n key of its message (the server translates it; the web shows it via t()).
 */
import {
  ACCOUNT_MAX,
  checkAccount,
  checkCaptcha,
  checkLoginPassword,
  checkName,
  checkNewPassword,
  checkOptionalEmail,
  checkPaymentPassword,
  checkPersonName,
  checkText,
  checkVerificationCode,
  NAME_MAX,
  NICKNAME_MAX,
  NO_CONTROL_CHARS,
  type RuleResult,
  type ValidationKey,
} from '@tradehall/domain';
import { z } from 'zod';
import { CAPTCHA_ANSWER_MAX, TYPED_CREDENTIAL_MAX } from './limits.ts';

// ---- the text rule ----------------------------------------------------------------------------------

/**
 * The schemas of fields that may hold tabs and line breaks. The server refuses them in every other string
 * before any schema runs, and asks `isMultilineText` on the way down to the field (see validation.ts in
 * the server), so a string is single-line unless its schema says otherwise here.
 */
const multilineSchemas = new WeakSet<z.core.$ZodType>();

export function isMultilineText(schema: z.core.$ZodType): boolean {
  return multilineSchemas.has(schema);
}

/**
 * The text rule (domain `checkText`) as a refinement: no NUL, no lone surrogate, no other control
 * character; tabs and line breaks only with `multiline`, which also marks the schema for the server.
 */
export function validText<T extends z.ZodString>(schema: T, options: { multiline?: boolean } = {}): T {
  const checked = schema.refine((value) => checkText(value, options) === null, {
    message: 'validation.controlCharacters',
  });
  if (options.multiline) multilineSchemas.add(checked);
  return checked;
}

/** The i18n key of a "please enter ..." message: a domain rule's key or one of the catalogue's own. */
type RequiredKey = `validation.${string}`;

/** A single-line string of at most `max` characters ("too long", never cut), valid text. */
export function textField(max: number, options: { requiredKey?: RequiredKey; trim?: boolean } = {}) {
  let schema = options.trim ? z.string().trim() : z.string();
  if (options.requiredKey) schema = schema.min(1, { message: options.requiredKey });
  return validText(schema.max(max, { message: 'validation.tooLong' }));
}

/** Multi-line text (a message, a notification body): trimmed, required, at most `max` characters. */
export function multilineTextField(max: number, requiredKey: RequiredKey) {
  return validText(
    z.string().trim().min(1, { message: requiredKey }).max(max, { message: 'validation.tooLong' }),
    { multiline: true },
  );
}

// ---- fields -----------------------------------------------------------------------------------------

export { CAPTCHA_ANSWER_MAX, TYPED_CREDENTIAL_MAX } from './limits.ts';

/** A string field checked by a domain rule; `maxLength` bounds the raw input before the rule runs. */
function ruled(rule: (value: string) => RuleResult, maxLength: number) {
  return validText(z.string().max(maxLength, { message: 'validation.tooLong' })).superRefine((value, ctx) => {
    const key = rule(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

export const accountField = ruled(checkAccount, ACCOUNT_MAX);
export const loginPasswordField = ruled(checkLoginPassword, TYPED_CREDENTIAL_MAX);
export const newPasswordField = ruled(checkNewPassword, TYPED_CREDENTIAL_MAX);
/** A password being checked, not set: anything non-empty (old passwords may predate today's rules). */
export const currentPasswordField = validText(
  z
    .string()
    .max(TYPED_CREDENTIAL_MAX, { message: 'validation.tooLong' })
    .min(1, { message: 'validation.passwordRequired' }),
);
export const captchaAnswerField = ruled(checkCaptcha, CAPTCHA_ANSWER_MAX);
export const invitationCodeField = validText(
  z.string().max(32, { message: 'validation.tooLong' }),
).superRefine((value, ctx) => {
  if (value.trim() === '') ctx.addIssue({ code: 'custom', message: 'validation.invitationCodeRequired' });
});
export const optionalEmailField = ruled(checkOptionalEmail, 254);
export const paymentPasswordField = ruled(checkPaymentPassword, 6);
export const verificationCodeField = ruled(checkVerificationCode, 6);
export const nicknameField = z
  .string()
  .trim()
  .min(1, { message: 'validation.nicknameLength' })
  .max(NICKNAME_MAX, { message: 'validation.nicknameLength' })
  .regex(NO_CONTROL_CHARS, { message: 'validation.controlCharacters' });
export const idField = z.uuid();
/** Unix seconds, the spec's wire convention for time. */
export const unixSeconds = z.number().int().nonnegative();

// ---- money and names ---------------------------------------------------------------------------------

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
export const personNameField = (requiredKey: ValidationKey) => nameField(requiredKey, checkPersonName);
/** A bank's name, or a receiving account's payee (which may be a company). */
export const organisationNameField = (requiredKey: ValidationKey) => nameField(requiredKey, checkName);

// ---- operators' decisions ---------------------------------------------------------------------------

/** Typed in a text area by the operator, so it may run over several lines. */
export const operatorReasonField = multilineTextField(500, 'validation.reasonRequired');
export const rejectRequestSchema = z.strictObject({ reason: operatorReasonField });
/** Whose record an operator's view shows. */
export const ownerFields = { userId: idField, account: z.string() };

// ---- paging, path ids, plain answers ------------------------------------------------------------------

/** Cursor pagination for every list: newest first. Lists with filters add theirs to these fields. */
export const pageQueryFields = {
  cursor: textField(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
};
export const pageQuerySchema = z.strictObject(pageQueryFields);
export type PageQuery = z.infer<typeof pageQuerySchema>;
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** The path of an endpoint about one record: `/…/:id`. */
export const idParamsSchema = z.strictObject({ id: idField });

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
