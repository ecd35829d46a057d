/**
 * The sandbox gateway's webhook signature, shaped like the big gateways': a header
 * `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<raw body>">` with a shared secret.
 * The timestamp is signed too, so an old event cannot be re-sent with a fresh time; the tolerance bounds
 * how old a genuine one may be. Comparison is constant-time.
 */
import { webhookSignature } from '@tradehall/domain';
import { hexDigestsEqual } from '../../../platform/tokens.ts';

export const SIGNATURE_HEADER = 'x-sandbox-signature';

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, rawBody)}`;
}

/** The timestamp and every v1 signature of a header; null when it is not of that shape. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value, extra] = part.trim().split('=');
    if (value === undefined || extra !== undefined) return null;
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function verifySignature(input: {
  secret: string;
  header: string | undefined;
  rawBody: string;
  nowSeconds: number;
  toleranceSeconds: number;
}): boolean {
  const parsed = input.header ? parseSignatureHeader(input.header) : null;
  if (!parsed) return false;
  if (Math.abs(input.nowSeconds - parsed.timestamp) > input.toleranceSeconds) return false;
  const expected = webhookSignature(input.secret, parsed.timestamp, input.rawBody);
  // Every candidate is compared (no early exit), so timing says nothing about which one matched.
  return parsed.signatures.reduce((ok, signature) => hexDigestsEqual(signature, expected) || ok, false);
}
