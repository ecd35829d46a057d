/** TOTP as authenticator apps compute it (RFC 6238, SHA-1, 6 digits, 30 s), with the replay rule. */
import { describe, expect, it } from 'vitest';
import { acceptedStep, newTotpSecret, totpCodeAt, totpUrl } from './totp.ts';

// RFC 6238 appendix B: the ASCII secret "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it('matches the RFC 6238 test vectors (last 6 of the 8 digits)', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('accepts the step before and after, never a step at or before the last one used', () => {
    const at = new Date(1_234_567_890_000);
    const step = Math.floor(at.getTime() / 30_000);
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at), at, null)).toBe(step);
    const earlier = totpCodeAt(RFC_SECRET, new Date(at.getTime() - 30_000));
    const later = totpCodeAt(RFC_SECRET, new Date(at.getTime() + 30_000));
    expect(acceptedStep(RFC_SECRET, earlier, at, null)).toBe(step - 1);
    expect(acceptedStep(RFC_SECRET, later, at, null)).toBe(step + 1);
    expect(
      acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, new Date(at.getTime() + 60_000)), at, null),
    ).toBeNull();
    expect(acceptedStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at), at, step)).toBeNull();
    expect(acceptedStep(RFC_SECRET, later, at, step)).toBe(step + 1);
    expect(acceptedStep(RFC_SECRET, earlier, at, step - 1)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URL apps can scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(totpUrl(secret, 'ops lead')).toBe(
      `otpauth://totp/Tradehall:ops%20lead?issuer=Tradehall&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
