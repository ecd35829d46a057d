/** Token handling: random opaque tokens, stored only as sha256, parsed strictly from the header. */
import { describe, expect, it } from 'vitest';
import { bearerToken, hashToken, hexDigestsEqual, newToken, sha256Hex } from './tokens.ts';

describe('session tokens', () => {
  it('are 32 random bytes in base64url, never repeating', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their sha256, which reveals nothing of the token', () => {
    const token = newToken();
    const hash = hashToken(token);
    expect(hash).toBe(sha256Hex(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashToken(token)).toBe(hash);
    expect(hashToken(newToken())).not.toBe(hash);
  });

  it('compare digests in constant time and refuse garbage', () => {
    const hash = hashToken('a');
    expect(hexDigestsEqual(hash, hashToken('a'))).toBe(true);
    expect(hexDigestsEqual(hash, hashToken('b'))).toBe(false);
    expect(hexDigestsEqual(hash, hash.slice(0, 10))).toBe(false);
    expect(hexDigestsEqual('', '')).toBe(false);
  });

  it('are read only from a well-formed Bearer header', () => {
    const token = newToken();
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(` Bearer ${token} `)).toBe(token);
    for (const header of [
      undefined,
      '',
      token,
      `Basic ${token}`,
      `Bearer`,
      `Bearer ${token} extra`,
      'Bearer a.b',
    ]) {
      expect(bearerToken(header)).toBeNull();
    }
  });
});
