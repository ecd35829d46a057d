import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChain, linksTo } from './chain.ts';
import { digitSum, drawDigits } from './digits.ts';
import { verifyRound } from './verify.ts';

/** The scheme re-implemented with node:crypto, independently of the domain's SHA-256. */
function referenceDigits(hashHex: string, salt: string, issue: string): number[] {
  const digits: number[] = [];
  for (let block = 0; digits.length < 3; block++) {
    const message = block === 0 ? `${salt}:${issue}` : `${salt}:${issue}:${block}`;
    for (const byte of createHmac('sha256', Buffer.from(hashHex, 'hex')).update(message).digest()) {
      if (byte < 250) digits.push(byte % 10);
      if (digits.length === 3) break;
    }
  }
  return digits;
}

interface Vector {
  issue: string;
  salt: string;
  hash: string;
  previousHash: string;
  digits: number[];
  sum: number;
}
const vectors = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../../docs/fairness/test-vectors.json'), 'utf8'),
) as { seed: string; salt: string; terminalHash: string; rounds: Vector[] };

describe('hash chain', () => {
  const chain = buildChain('00'.repeat(16).replace(/^00/, 'a5'), 50);

  it('links every revealed hash to the previous one, the first to the terminal hash', () => {
    expect(linksTo(chain.roundHashes[0] ?? '', chain.terminalHash)).toBe(true);
    for (let k = 1; k < chain.roundHashes.length; k++) {
      expect(linksTo(chain.roundHashes[k] ?? '', chain.roundHashes[k - 1] ?? '')).toBe(true);
    }
  });

  it('agrees with node:crypto', () => {
    const last = chain.roundHashes.at(-1) ?? '';
    const previous = createHash('sha256').update(Buffer.from(last, 'hex')).digest('hex');
    expect(previous).toBe(chain.roundHashes.at(-2));
  });

  it('refuses links out of order and malformed hashes', () => {
    expect(linksTo(chain.roundHashes[1] ?? '', chain.terminalHash)).toBe(false);
    expect(linksTo('zz', chain.terminalHash)).toBe(false);
    expect(() => buildChain('abcd', 3)).toThrow(RangeError);
  });
});

describe('digits', () => {
  it('match an independent node:crypto implementation', () => {
    const { roundHashes } = buildChain('11'.repeat(32), 200);
    roundHashes.forEach((hash, index) => {
      expect(drawDigits(hash, 'salt-x', `20261121${String(index).padStart(4, '0')}`)).toEqual(
        referenceDigits(hash, 'salt-x', `20261121${String(index).padStart(4, '0')}`),
      );
    });
  });

  it('are uniform: chi-square over a million digits stays below the 0.999 quantile', () => {
    const counts = new Array<number>(10).fill(0);
    const sums = new Array<number>(28).fill(0);
    let hash = createHash('sha256').update('chi-square').digest('hex');
    let drawn = 0;
    for (let round = 0; drawn < 1_000_000; round++) {
      // Fresh keys from a chain-like sequence (node:crypto for speed; the digits use the domain code).
      hash = createHash('sha256').update(hash).digest('hex');
      const digits = drawDigits(hash, 'uniformity', String(round));
      for (const digit of digits) counts[digit] = (counts[digit] ?? 0) + 1;
      sums[digitSum(digits)] = (sums[digitSum(digits)] ?? 0) + 1;
      drawn += 3;
    }
    const expected = drawn / 10;
    const chiSquare = counts.reduce((total, count) => total + (count - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: P(X > 27.88) = 0.001.
    expect(chiSquare).toBeLessThan(27.88);
    expect(counts.every((count) => count > 0)).toBe(true);
  }, 60_000);
});

describe('published test vectors (docs/fairness/test-vectors.json)', () => {
  it('rebuild the published chain from its seed', () => {
    const chain = buildChain(vectors.seed, vectors.rounds.length);
    expect(chain.terminalHash).toBe(vectors.terminalHash);
    expect(chain.roundHashes).toEqual(vectors.rounds.map((round) => round.hash));
  });

  it.each(vectors.rounds.map((round) => [round.issue, round] as const))(
    'round %s verifies',
    (_issue, round) => {
      const result = verifyRound(round);
      expect(result).toMatchObject({ ok: true, chainOk: true, digitsOk: true, computedSum: round.sum });
      expect(referenceDigits(round.hash, round.salt, round.issue)).toEqual(round.digits);
    },
  );

  it('rejects a tampered hash, a tampered previous hash, and tampered digits', () => {
    const round = vectors.rounds[1] as Vector;
    const flipped = `${round.hash.slice(0, -1)}${round.hash.endsWith('0') ? '1' : '0'}`;
    expect(verifyRound({ ...round, hash: flipped })).toMatchObject({ ok: false, chainOk: false });
    expect(verifyRound({ ...round, previousHash: vectors.terminalHash })).toMatchObject({
      ok: false,
      chainOk: false,
    });
    const otherDigits = round.digits.map((digit) => (digit + 1) % 10);
    expect(verifyRound({ ...round, digits: otherDigits })).toMatchObject({
      ok: false,
      chainOk: true,
      digitsOk: false,
    });
    expect(verifyRound({ ...round, hash: 'not-hex' }).ok).toBe(false);
  });
});
