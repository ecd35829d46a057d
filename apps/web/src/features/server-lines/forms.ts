/**
 * The manual "add a server line" form: an http(s) address of a server, nothing else. What is kept is its
 * origin (a trailing slash is fine; a path, query, fragment or credentials are refused rather than
 * silently dropped, so the user knows what was saved). Each refusal has its own message.
 */
import { z } from 'zod';
import { addRuleIssue, type MessageKey } from '../../lib/forms/messages.ts';

const MAX_MANUAL_LINES = 10;

/** Why an address is refused, or null and the origin to keep. */
function lineUrlRefusal(input: string, known: readonly string[], manualCount: number) {
  const refuse = (key: MessageKey) => ({ refusal: key, origin: '' });
  const value = input.trim();
  if (value === '') return refuse('serverLines.errors.required');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('serverLines.errors.invalid');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return refuse('serverLines.errors.invalid');
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return refuse('serverLines.errors.path');
  }
  if (known.includes(url.origin)) return refuse('serverLines.errors.duplicate');
  if (manualCount >= MAX_MANUAL_LINES) return refuse('serverLines.errors.tooMany');
  return { refusal: null, origin: url.origin };
}

/** `known`: every origin already listed (configured and added); `manualCount`: how many were added. */
export function lineUrlSchema(known: readonly string[], manualCount: number) {
  return z.object({ url: z.string() }).transform(({ url }, ctx) => {
    const { refusal, origin } = lineUrlRefusal(url, known, manualCount);
    if (refusal === null) return { origin };
    addRuleIssue(ctx, { key: refusal, values: { max: String(MAX_MANUAL_LINES) } }, ['url']);
    return z.NEVER;
  });
}
