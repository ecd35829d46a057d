/**
 * The published positions vectors (docs/trust/vectors/positions-*.json) run through the domain code, and
 * through the ten-line independent check of docs/trust/positions.md (node:crypto only), which must agree.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Bet } from '../rounds/bets.ts';
import { leafText, ownerCommitment, type PositionLeaf } from './position-leaf.ts';
import { leafHash, positionsRoot, verifyInclusion } from './position-merkle.ts';
import { expectedSettlement } from './position-settlement.ts';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/trust/vectors');

type Published = {
  leaf: { positionId: string; ownerCommitment: string; bet: Bet; amount: number; multiplier: number };
  userId: string;
  ownerSalt: string;
  leafText: string;
  leafHash: string;
  index: number;
  siblings: string[];
};

interface Vector {
  roundId: string;
  root: string;
  leafCount: number;
  sum: number | null;
  expectedSettlement: { positions: number; staked: number; paid: number } | null;
  positions: Published[];
}

const H = (...parts: Array<string | Buffer>) =>
  createHash('sha256')
    .update(Buffer.concat(parts.map((x) => (typeof x === 'string' ? Buffer.from(x) : x))))
    .digest();

/** The independent check, as docs/trust/positions.md prints it. */
function independentCheck(roundId: string, root: string, leafCount: number, p: Published): boolean {
  const { leaf, userId, ownerSalt, index, siblings } = p;
  const owner = H(`tradehall/position-owner/v1|${userId}|${ownerSalt}`).toString('hex');
  const bet =
    leaf.bet.category === 'both_sides' ? `both_sides:${leaf.bet.type}` : `special_number:${leaf.bet.number}`;
  const text = `tradehall/position/v1|${roundId}|${leaf.positionId}|${owner}|${bet}|${leaf.amount}|${leaf.multiplier}`;
  let h = H(Buffer.from([0]), text);
  let s = 0;
  for (let i = index, n = leafCount; n > 1; i >>= 1, n = Math.ceil(n / 2)) {
    if ((i ^ 1) >= n) continue;
    const sibling = Buffer.from(siblings[s++] ?? '', 'hex');
    h = i % 2 ? H(Buffer.from([1]), sibling, h) : H(Buffer.from([1]), h, sibling);
  }
  const top = H(Buffer.from([2]), `tradehall/position/v1|${leafCount}|`, h).toString('hex');
  return owner === leaf.ownerCommitment && s === siblings.length && top === root;
}

const files = readdirSync(DIR).filter((name) => /^positions-.*\.json$/.test(name));

describe('published positions vectors', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)('%s: the domain and the independent check both agree with it', (file) => {
    const vector = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Vector;
    const leaves: PositionLeaf[] = vector.positions.map((p) => ({ ...p.leaf, roundId: vector.roundId }));
    expect(positionsRoot(leaves)).toBe(vector.root);
    expect(leaves.length).toBe(vector.leafCount);
    if (vector.sum !== null)
      expect(expectedSettlement(leaves, vector.sum)).toEqual(vector.expectedSettlement);
    const check = (p: Published) => independentCheck(vector.roundId, vector.root, vector.leafCount, p);
    for (const [index, p] of vector.positions.entries()) {
      const leaf = leaves[index] as PositionLeaf;
      const proof = { index, leafCount: vector.leafCount, siblings: p.siblings };
      expect(p.index).toBe(index);
      expect(ownerCommitment(p.userId, p.ownerSalt)).toBe(p.leaf.ownerCommitment);
      expect(leafText(leaf)).toBe(p.leafText);
      expect(Buffer.from(leafHash(leaf)).toString('hex')).toBe(p.leafHash);
      expect(verifyInclusion(leaf, proof, vector.root)).toBe(true);
      expect(check(p)).toBe(true);
      // Tampered: another amount, another owner salt, another sibling: both checks refuse.
      expect(check({ ...p, leaf: { ...p.leaf, amount: p.leaf.amount + 1 } })).toBe(false);
      expect(verifyInclusion({ ...leaf, amount: leaf.amount + 1 }, proof, vector.root)).toBe(false);
      expect(check({ ...p, ownerSalt: '00'.repeat(32) })).toBe(false);
      if (p.siblings.length > 0) {
        expect(check({ ...p, siblings: ['11'.repeat(32), ...p.siblings.slice(1)] })).toBe(false);
      }
    }
  });
});
