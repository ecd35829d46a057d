/**
 * Leaving for the card gateway's hosted payment page. Only an http(s) address is followed (never a
 * `javascript:` or `data:` one, whatever the server sent).
 */
export function safeCheckoutUrl(url: string | null, base: string = window.location.href): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function goToCheckout(url: string): void {
  window.location.assign(url);
}
