/**
 * The manual "add a server line" form: an http(s) address of a server, nothing else. What is kept is its
 * origin (a trailing slash is fine; a path, query, fragment or credentials are refused rather than
 * silently dropped, so the user knows what was saved). Each refusal has its own message key.
 */
export const MAX_MANUAL_LINES = 10;

export type LineUrlError = 'required' | 'invalid' | 'path' | 'duplicate' | 'tooMany';

export type LineUrlResult = { ok: true; origin: string } | { ok: false; error: LineUrlError };

export function validateLineUrl(input: string, known: readonly string[], manualCount: number): LineUrlResult {
  const value = input.trim();
  if (value === '') return { ok: false, error: 'required' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return { ok: false, error: 'invalid' };
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return { ok: false, error: 'path' };
  }
  if (known.includes(url.origin)) return { ok: false, error: 'duplicate' };
  if (manualCount >= MAX_MANUAL_LINES) return { ok: false, error: 'tooMany' };
  return { ok: true, origin: url.origin };
}
