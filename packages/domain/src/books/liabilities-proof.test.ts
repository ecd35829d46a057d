import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toHex } from '../sha256.ts';
import { userClaim } from './liabilities-claim.ts';
import {
  encodePath,
  LIABILITIES_PROOF_FORMAT,
  type LiabilitiesProof,
  verifyLiabilitiesProof,
} from './liabilities-proof.ts';
import {
  liabilitiesPublicKey,
  NO_PREVIOUS_ROOT,
  type SnapshotStatement,
  signStatement,
  statementText,
  verifyStatement,
} from './liabilities-statement.ts';
import { type ClaimLeaf, type LiabilitiesTree, liabilitiesTree } from './liabilities-tree.ts';
import { inclusionPath, leafNode } from './merkle-sum.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const VECTORS = join(ROOT, 'docs/trust/vectors/liabilities-v1.json');
const DOC = join(ROOT, 'docs/trust/liabilities.md');

/** A published test key: it signs the vectors and nothing else. */
const KEY = new Uint8Array(createHash('sha256').update('tradehall liabilities test vector key').digest());
const PUBLIC_KEY = liabilitiesPublicKey(KEY);

function run<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const claims: ClaimLeaf[] = [49_000, 0, 125_050, 7, 300_000].map((amount, i) => ({
  userId: `00000000-0000-4000-8000-00000000000${i + 1}`,
  salt: new Uint8Array(createHash('sha256').update(`vector salt ${i}`).digest()),
  amount,
}));

function signed(tree: { root: string; total: number; leaves: unknown[] }, sequence = 2) {
  const statement: SnapshotStatement = {
    sequence,
    takenAt: '2026-11-28T12:00:00.000Z',
    root: tree.root,
    total: tree.total,
    userCount: tree.leaves.length,
    previousRoot: createHash('sha256').update('vector previous snapshot').digest('hex'),
  };
  return { ...statement, signature: signStatement(statement, KEY) };
}

function proofOf(tree: LiabilitiesTree, index: number, snapshot = signed(tree)): LiabilitiesProof {
  const leaf = tree.leaves[index] as ClaimLeaf;
  return {
    format: LIABILITIES_PROOF_FORMAT,
    publicKey: PUBLIC_KEY,
    snapshot,
    leaf: { userId: leaf.userId, salt: toHex(leaf.salt), amount: leaf.amount },
    path: encodePath(inclusionPath(tree.levels, index)),
  };
}

interface Tampered {
  change: string;
  expect: string;
  proof: LiabilitiesProof;
}

function buildVectors() {
  const tree = run(liabilitiesTree(claims));
  const snapshot = signed(tree);
  const proofs = tree.leaves.map((_, i) => proofOf(tree, i, snapshot));
  const first = proofs[0] as LiabilitiesProof;
  const copy = (): LiabilitiesProof => JSON.parse(JSON.stringify(first)) as LiabilitiesProof;
  const tampered: Tampered[] = [];
  const balance = copy();
  balance.leaf.amount += 1;
  tampered.push({ change: 'the leaf amount raised by one cent', expect: 'ROOT_MISMATCH', proof: balance });
  const sibling = copy();
  (sibling.path[0] as { sum: number }).sum -= 1;
  tampered.push({ change: "a sibling's sum lowered by one cent", expect: 'ROOT_MISMATCH', proof: sibling });
  const signature = copy();
  signature.snapshot.signature = `${signature.snapshot.signature.slice(0, -2)}00`;
  tampered.push({ change: 'the signature altered', expect: 'BAD_SIGNATURE', proof: signature });
  const total = copy();
  total.snapshot.total -= 100;
  tampered.push({ change: 'the published total lowered', expect: 'BAD_SIGNATURE', proof: total });
  // The operator drops user 0 and signs the smaller tree: user 0's proof no longer reaches the root.
  const withoutFirst = run(liabilitiesTree(claims.filter((c) => c.userId !== first.leaf.userId)));
  const dropped = copy();
  dropped.snapshot = signed(withoutFirst);
  tampered.push({
    change: 'the user dropped, the smaller tree signed',
    expect: 'ROOT_MISMATCH',
    proof: dropped,
  });
  // The operator adds a negative leaf beside user 0, by hand (the builder refuses it), and signs.
  const negative = copy();
  negative.path[0] = { side: negative.path[0]?.side ?? 'right', hash: '11'.repeat(32), sum: -125_050 };
  tampered.push({ change: 'a negative leaf added beside the user', expect: 'BAD_SUM', proof: negative });
  return {
    format: 'tradehall-liabilities-vectors/v1',
    note: 'Test vectors only: the secret key below is published and signs nothing but these vectors.',
    secretKey: toHex(KEY),
    publicKey: PUBLIC_KEY,
    statementText: statementText(snapshot),
    claims: tree.leaves.map((l) => ({ userId: l.userId, salt: toHex(l.salt), amount: l.amount })),
    snapshot,
    proofs,
    tampered,
  };
}

type Vectors = ReturnType<typeof buildVectors>;

if (process.env.UPDATE_LIABILITIES_VECTORS === '1') {
  writeFileSync(VECTORS, `${JSON.stringify(buildVectors(), null, 2)}\n`);
}
const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as Vectors;

describe('claims', () => {
  it('adds cash, held withdrawals and open stakes', () => {
    expect(userClaim({ cash: 40_000, heldForWithdrawals: 5_000, openStakes: 4_000 })).toEqual({
      ok: true,
      claim: 49_000,
    });
  });

  it('refuses a negative or unsafe part, and a sum beyond 2^53 - 1', () => {
    expect(userClaim({ cash: -1, heldForWithdrawals: 0, openStakes: 0 }).ok).toBe(false);
    expect(userClaim({ cash: 0, heldForWithdrawals: 0.5, openStakes: 0 }).ok).toBe(false);
    expect(userClaim({ cash: Number.MAX_SAFE_INTEGER, heldForWithdrawals: 0, openStakes: 1 }).ok).toBe(false);
  });
});

describe('statements', () => {
  const statement: SnapshotStatement = {
    sequence: 1,
    takenAt: '2026-11-28T12:00:00.000Z',
    root: 'ab'.repeat(32),
    total: 5,
    userCount: 1,
    previousRoot: NO_PREVIOUS_ROOT,
  };

  it('signs seven lines and verifies with the public key, not with another', () => {
    expect(statementText(statement).split('\n')).toHaveLength(7);
    const signature = signStatement(statement, KEY);
    expect(verifyStatement(statement, signature, PUBLIC_KEY)).toBe(true);
    const other = liabilitiesPublicKey(new Uint8Array(32).fill(7));
    expect(verifyStatement(statement, signature, other)).toBe(false);
  });

  it('fails when any published figure changes', () => {
    const signature = signStatement(statement, KEY);
    for (const changed of [
      { ...statement, sequence: 2 },
      { ...statement, takenAt: '2026-11-28T12:00:00.001Z' },
      { ...statement, root: 'ac'.repeat(32) },
      { ...statement, total: 4 },
      { ...statement, userCount: 2 },
      { ...statement, previousRoot: '01'.repeat(32) },
    ]) {
      expect(verifyStatement(changed, signature, PUBLIC_KEY)).toBe(false);
    }
    expect(verifyStatement(statement, 'zz', PUBLIC_KEY)).toBe(false);
    expect(verifyStatement(statement, signature, '12')).toBe(false);
  });
});

describe('trees of claims', () => {
  it('orders leaves by salt, whatever the order the claims were read in', () => {
    const a = run(liabilitiesTree(claims));
    const b = run(liabilitiesTree(claims.slice().reverse()));
    expect(b.root).toBe(a.root);
    const salts = a.leaves.map((l) => toHex(l.salt));
    expect(salts).toEqual(salts.slice().sort());
  });

  it('refuses a negative claim when building', () => {
    const bad = [...claims, { ...(claims[0] as ClaimLeaf), userId: 'x', amount: -1 }];
    expect(() => run(liabilitiesTree(bad))).toThrow(/NEGATIVE_OR_UNSAFE_SUM/);
  });
});

describe('published test vectors (docs/trust/vectors/liabilities-v1.json)', () => {
  it('are what this code produces', () => {
    expect(vectors).toEqual(buildVectors());
  });

  it('every user verifies, with the published key and their own amount', () => {
    for (const proof of vectors.proofs) {
      const result = verifyLiabilitiesProof(proof, {
        publicKey: PUBLIC_KEY,
        expectedAmount: proof.leaf.amount,
      });
      expect(result).toEqual({
        ok: true,
        amount: proof.leaf.amount,
        total: vectors.snapshot.total,
        takenAt: vectors.snapshot.takenAt,
      });
    }
    expect(vectors.snapshot.total).toBe(claims.reduce((s, c) => s + c.amount, 0));
  });

  it('every tampered proof fails, for the reason it names', () => {
    for (const t of vectors.tampered) {
      expect(verifyLiabilitiesProof(t.proof)).toEqual({ ok: false, reason: t.expect });
    }
  });

  it('fails with another public key and with another expected amount', () => {
    const proof = vectors.proofs[0] as LiabilitiesProof;
    expect(verifyLiabilitiesProof(proof, { publicKey: '22'.repeat(32) })).toEqual({
      ok: false,
      reason: 'WRONG_PUBLIC_KEY',
    });
    expect(verifyLiabilitiesProof(proof, { expectedAmount: proof.leaf.amount + 1 })).toEqual({
      ok: false,
      reason: 'AMOUNT_MISMATCH',
    });
    expect(verifyLiabilitiesProof({ ...proof, format: 'x' } as unknown as LiabilitiesProof)).toEqual({
      ok: false,
      reason: 'BAD_FORMAT',
    });
  });

  it('a leaf hash in the vectors is the one the domain computes', () => {
    const c = vectors.claims[0] as { userId: string; salt: string; amount: number };
    const salt = Uint8Array.from(Buffer.from(c.salt, 'hex'));
    expect(toHex(leafNode({ userId: c.userId, salt, amount: c.amount }).hash)).toHaveLength(64);
  });
});

describe('the independent checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'liabilities-'));
  const good = join(dir, 'good.json');
  const bad = join(dir, 'bad.json');
  writeFileSync(good, JSON.stringify(vectors.proofs[2]));
  writeFileSync(bad, JSON.stringify(vectors.tampered[0]?.proof));

  it('npm run verify-liabilities accepts a good proof and refuses a tampered one', () => {
    const cli = join(import.meta.dirname, 'liabilities-verify-cli.ts');
    const ok = spawnSync(process.execPath, ['--import', 'tsx', cli, good, '--public-key', PUBLIC_KEY], {
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^VERIFIED/);
    const refused = spawnSync(process.execPath, ['--import', 'tsx', cli, bad], { encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/^NOT VERIFIED/);
  });

  it("the docs' ten-line check (node:crypto only) accepts every good proof and refuses every tampered one", () => {
    const block = /```js check\n([\s\S]*?)```/.exec(readFileSync(DOC, 'utf8'))?.[1];
    expect(block).toBeDefined();
    const script = join(dir, 'check.mjs');
    writeFileSync(script, block ?? '');
    for (const proof of vectors.proofs) {
      writeFileSync(good, JSON.stringify(proof));
      expect(execFileSync(process.execPath, [script, good], { encoding: 'utf8' }).trim()).toBe('included');
    }
    for (const t of vectors.tampered) {
      writeFileSync(bad, JSON.stringify(t.proof));
      const out = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' });
      expect(out.stdout.trim(), t.change).not.toBe('included');
    }
  });
});
