import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex, utf8 } from '../sha256.ts';
import {
  buildLevels,
  emptyRoot,
  inclusionPath,
  isValidSum,
  leafNode,
  MAX_PATH_STEPS,
  merkleSumLevels,
  parentNode,
  rootFromPath,
  rootOf,
  type SumNode,
  SumTreeRefused,
  uint64,
} from './merkle-sum.ts';

const salt = (n: number) => createHash('sha256').update(`salt ${n}`).digest();
const leaf = (n: number, amount: number) => leafNode({ userId: `user-${n}`, salt: salt(n), amount });

/** The scheme re-done with node:crypto, independently of the domain's SHA-256 and byte helpers. */
function referenceLeaf(userId: string, s: Buffer, amount: number): string {
  const a = Buffer.alloc(8);
  a.writeBigUInt64BE(BigInt(amount));
  const tag = Buffer.from('tradehall-liabilities/v1/leaf\0');
  return createHash('sha256')
    .update(Buffer.concat([tag, s, a, Buffer.from(userId)]))
    .digest('hex');
}
function referenceNode(l: string, ls: number, r: string, rs: number): string {
  const u = (v: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(v));
    return b;
  };
  const tag = Buffer.from('tradehall-liabilities/v1/node\0');
  return createHash('sha256')
    .update(Buffer.concat([tag, Buffer.from(l, 'hex'), u(ls), Buffer.from(r, 'hex'), u(rs)]))
    .digest('hex');
}

describe('range checks', () => {
  it('accepts whole non-negative safe integers only', () => {
    expect(isValidSum(0)).toBe(true);
    expect(isValidSum(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isValidSum(-1)).toBe(false);
    expect(isValidSum(1.5)).toBe(false);
    expect(isValidSum(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isValidSum(Number.NaN)).toBe(false);
    expect(isValidSum(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('refuses a negative, fractional or unsafe leaf amount', () => {
    for (const amount of [-1, 0.5, 2 ** 53]) {
      expect(() => leaf(1, amount)).toThrow(SumTreeRefused);
    }
  });

  it('refuses a node whose children are fine but whose sum would not be safe', () => {
    const big = { hash: new Uint8Array(32), sum: Number.MAX_SAFE_INTEGER };
    expect(() => parentNode(big, { hash: new Uint8Array(32), sum: 1 })).toThrow(SumTreeRefused);
  });

  it('refuses a salt that is not 32 bytes, an empty user and a hash that is not 32 bytes', () => {
    expect(() => leafNode({ userId: 'u', salt: new Uint8Array(31), amount: 1 })).toThrow(/BAD_SALT/);
    expect(() => leafNode({ userId: '', salt: salt(1), amount: 1 })).toThrow(/BAD_USER/);
    expect(() => parentNode({ hash: new Uint8Array(31), sum: 1 }, leaf(1, 1))).toThrow(/BAD_HASH/);
  });

  it('encodes u64 big-endian exactly up to 2^53 - 1', () => {
    expect(toHex(uint64(1))).toBe('0000000000000001');
    expect(toHex(uint64(Number.MAX_SAFE_INTEGER))).toBe('001fffffffffffff');
  });
});

describe('hashing', () => {
  it('hashes leaves and nodes as the node:crypto reference does', () => {
    const a = leaf(1, 49_000);
    const b = leaf(2, 1);
    expect(toHex(a.hash)).toBe(referenceLeaf('user-1', salt(1), 49_000));
    expect(toHex(parentNode(a, b).hash)).toBe(referenceNode(toHex(a.hash), 49_000, toHex(b.hash), 1));
    expect(parentNode(a, b).sum).toBe(49_001);
  });

  it('separates leaves from nodes: the same 32+8+32+8 bytes never hash alike under both tags', () => {
    const a = leaf(1, 5);
    const b = leaf(2, 7);
    const node = parentNode(a, b);
    // Present the node's preimage (without its tag) as a leaf's salt+amount+user: a different hash.
    const forged = leafNode({ userId: 'x', salt: a.hash, amount: 5 });
    expect(toHex(forged.hash)).not.toBe(toHex(node.hash));
  });

  it('commits to each child sum, not only to the total', () => {
    const a = leaf(1, 10);
    const b = leaf(2, 20);
    const honest = parentNode(a, b);
    // The same total split differently between the children is a different node.
    const shifted = parentNode({ hash: a.hash, sum: 5 }, { hash: b.hash, sum: 25 });
    expect(shifted.sum).toBe(honest.sum);
    expect(toHex(shifted.hash)).not.toBe(toHex(honest.hash));
  });

  it('has a fixed root for no leaves, with a zero total', () => {
    expect(rootOf(buildLevels([]))).toEqual(emptyRoot());
    expect(toHex(emptyRoot().hash)).toBe(
      createHash('sha256').update(utf8('tradehall-liabilities/v1/empty\0')).digest('hex'),
    );
  });
});

describe('building and paths', () => {
  it('a single leaf is its own root with an empty path', () => {
    const levels = buildLevels([leaf(1, 3)]);
    expect(rootOf(levels)).toEqual(leaf(1, 3));
    expect(inclusionPath(levels, 0)).toEqual([]);
  });

  it('carries an odd node up unchanged, so every leaf of every size verifies', () => {
    for (let n = 1; n <= 33; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leaf(i, i * 3));
      const levels = buildLevels(leaves);
      const root = rootOf(levels);
      expect(root.sum).toBe(leaves.reduce((s, l) => s + l.sum, 0));
      for (let i = 0; i < n; i++) {
        const folded = rootFromPath(leaves[i] as SumNode, inclusionPath(levels, i));
        expect(toHex(folded.hash)).toBe(toHex(root.hash));
        expect(folded.sum).toBe(root.sum);
      }
    }
  });

  it('builds the same levels in chunks as straight through, yielding between chunks', () => {
    const leaves = Array.from({ length: 100 }, (_, i) => leaf(i, i));
    const steps = merkleSumLevels(leaves, 8);
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields += 1;
      step = steps.next();
    }
    expect(yields).toBeGreaterThanOrEqual(99 / 8 - 1);
    expect(toHex(rootOf(step.value).hash)).toBe(toHex(rootOf(buildLevels(leaves)).hash));
  });

  it('refuses a path with a negative sibling sum and a path longer than any tree', () => {
    const levels = buildLevels([leaf(1, 3), leaf(2, 4)]);
    const path = inclusionPath(levels, 0);
    const negative = path.map((s) => ({ ...s, sum: -1 }));
    expect(() => rootFromPath(leaf(1, 3), negative)).toThrow(/NEGATIVE_OR_UNSAFE_SUM/);
    const long = Array.from({ length: MAX_PATH_STEPS + 1 }, () => path[0] as (typeof path)[number]);
    expect(() => rootFromPath(leaf(1, 3), long)).toThrow(/PATH_TOO_LONG/);
  });
});

/** An operator who builds a tree by hand, skipping the range checks (what the verifier must catch). */
function forgedNode(left: SumNode, right: SumNode): SumNode {
  const u = (v: number) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(BigInt(v));
    return b;
  };
  const tag = Buffer.from('tradehall-liabilities/v1/node\0');
  const hash = createHash('sha256')
    .update(Buffer.concat([tag, left.hash, u(left.sum), right.hash, u(right.sum)]))
    .digest();
  return { hash: new Uint8Array(hash), sum: left.sum + right.sum };
}
function forgedLevels(leaves: SumNode[]): SumNode[][] {
  const levels = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right === undefined ? (level[i] as SumNode) : forgedNode(level[i] as SumNode, right));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** Does user i's leaf (with the amount they know) fold to the published root and total? */
function verifies(levels: SumNode[][], published: SumNode, index: number, known: SumNode): boolean {
  try {
    const folded = rootFromPath(known, inclusionPath(levels, index));
    return toHex(folded.hash) === toHex(published.hash) && folded.sum === published.sum;
  } catch {
    return false;
  }
}

const ledger = fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 2, maxLength: 60 });

describe('properties over random ledgers', () => {
  it('every user verifies, and the total is the sum of the claims', () => {
    fc.assert(
      fc.property(ledger, (amounts) => {
        const leaves = amounts.map((a, i) => leaf(i, a));
        const levels = buildLevels(leaves);
        const root = rootOf(levels);
        expect(root.sum).toBe(amounts.reduce((s, a) => s + a, 0));
        for (let i = 0; i < leaves.length; i++) {
          expect(verifies(levels, root, i, leaves[i] as SumNode)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a single changed balance fails that user (who knows their balance)', () => {
    fc.assert(
      fc.property(ledger, fc.nat(), fc.integer({ min: 1, max: 1_000_000 }), (amounts, pick, delta) => {
        const k = pick % amounts.length;
        const changed = amounts.map((a, i) => (i === k ? Math.max(0, a - delta) : a));
        fc.pre(changed[k] !== amounts[k]);
        const levels = buildLevels(changed.map((a, i) => leaf(i, a)));
        expect(verifies(levels, rootOf(levels), k, leaf(k, amounts[k] as number))).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('a dropped user finds no leaf of theirs: none of the published leaves is theirs', () => {
    fc.assert(
      fc.property(ledger, fc.nat(), (amounts, pick) => {
        const k = pick % amounts.length;
        const kept = amounts.map((a, i) => ({ a, i })).filter(({ i }) => i !== k);
        const levels = buildLevels(kept.map(({ a, i }) => leaf(i, a)));
        const root = rootOf(levels);
        const mine = leaf(k, amounts[k] as number);
        // Whatever place they are handed, their leaf does not fold to the published root.
        for (let index = 0; index < kept.length; index++) {
          expect(verifies(levels, root, index, mine)).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('an added negative leaf is refused when built and breaks a neighbour when forged', () => {
    fc.assert(
      fc.property(ledger, fc.nat(), fc.integer({ min: 1, max: 1_000_000 }), (amounts, pick, size) => {
        expect(() => leaf(999, -size)).toThrow(SumTreeRefused);
        const at = pick % (amounts.length + 1);
        const leaves = amounts.map((a, i) => leaf(i, a));
        const negative = { hash: leaf(999, 0).hash, sum: -size };
        const forged = [...leaves.slice(0, at), negative, ...leaves.slice(at)];
        const levels = forgedLevels(forged);
        const root = rootOf(levels);
        // The published total under-reports the honest one...
        expect(root.sum).toBe(amounts.reduce((s, a) => s + a, 0) - size);
        // ...and some honest user's verification fails (the one whose path meets the negative node).
        const failing = forged.filter((l, i) => l !== negative && !verifies(levels, root, i, l));
        expect(failing.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });

  it('an added non-negative leaf shows in the published total', () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 1, max: 1_000_000 }), (amounts, size) => {
        const honest = rootOf(buildLevels(amounts.map((a, i) => leaf(i, a))));
        const padded = rootOf(buildLevels([...amounts.map((a, i) => leaf(i, a)), leaf(999, size)]));
        expect(padded.sum).toBe(honest.sum + size);
      }),
      { numRuns: 30 },
    );
  });
});
