/**
 * Operator two-factor codes: RFC 6238 TOTP as authenticator apps expect it (SHA-1, 6 digits, 30 s steps),
 * accepting the step before and after the current one for clock drift. A code is tied to its time step,
 * and the caller keeps the last step it accepted, so the same code (or an older one) is refused within
 * its window: a code seen over a shoulder or in a proxy log cannot be replayed.
 */
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Tradehall';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const WINDOW = 1;

function totp(secretBase32: string, account: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A fresh random secret (160 bits, the RFC's recommendation for SHA-1), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans (the console renders it as a QR code). */
export function totpUrl(secretBase32: string, account: string): string {
  return totp(secretBase32, account).toString();
}

/**
 * The time step the code belongs to, or null when it matches none within the window. `lastStep` is the
 * step of the last accepted code: that step and earlier ones are never accepted again.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  const generator = totp(secretBase32, '');
  const delta = generator.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = generator.counter({ timestamp: at.getTime() }) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** The code for an instant: what the operator's app shows (used by tests and the e2e journeys). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totp(secretBase32, '').generate({ timestamp: at.getTime() });
}
