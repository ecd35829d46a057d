/**
 * Test support for form schemas: what a form shows for some values (each field's first message, in the
 * current language, as the form's resolver keeps them), and the request it yields.
 */
import type { z } from 'zod';
import { messageParts, messageText, parseOptions } from '../lib/forms/messages.ts';
import { i18n } from '../lib/i18n.ts';

export function shown(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values, parseOptions);
  const texts: Record<string, string> = {};
  if (result.success) return texts;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    texts[path] ??= messageText(issue.message, i18n.t);
  }
  return texts;
}

/** Each field's first message key, as the rules give them (before any translation). */
export function messageKeys(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values, parseOptions);
  const keys: Record<string, string> = {};
  if (result.success) return keys;
  for (const issue of result.error.issues) keys[issue.path.join('.')] ??= messageParts(issue.message).key;
  return keys;
}

/** The request the form sends, or the first message when it sends none. */
export function request<O>(schema: z.ZodType<O>, values: unknown): O {
  const result = schema.safeParse(values, parseOptions);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid');
  return result.data;
}
