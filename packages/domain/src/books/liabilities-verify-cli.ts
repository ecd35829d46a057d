/**
 * `npm run verify-liabilities -- <proof.json> [--public-key <hex>] [--amount <cents>]`: checks a saved
 * proof of inclusion offline, on this machine: the snapshot's Ed25519 signature (against the key the
 * operator publishes, when given), the user's leaf, every sum on the path, the root and the total.
 * Exits 0 when it verifies, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type LiabilitiesProof, verifyLiabilitiesProof } from './liabilities-proof.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'public-key': { type: 'string' }, amount: { type: 'string' } },
});

const REASONS: Record<string, string> = {
  BAD_FORMAT: 'the file is not a Tradehall proof of liabilities (v1)',
  WRONG_PUBLIC_KEY: 'the snapshot was signed by another key than the one given with --public-key',
  BAD_SIGNATURE: "the snapshot's signature does not match its published figures",
  BAD_SUM: 'a sum on the path is negative or not a whole number of cents',
  ROOT_MISMATCH: "the leaf and its path do not lead to the snapshot's root",
  TOTAL_MISMATCH: "the sums on the path do not add up to the snapshot's total",
  AMOUNT_MISMATCH: 'the amount in the leaf is not the amount given with --amount',
};

const file = positionals[0];
if (file === undefined) {
  process.stderr.write(
    'usage: npm run verify-liabilities -- <proof.json> [--public-key <hex>] [--amount <cents>]\n',
  );
  process.exit(1);
}
try {
  const proof = JSON.parse(readFileSync(file, 'utf8')) as LiabilitiesProof;
  const result = verifyLiabilitiesProof(proof, {
    ...(values['public-key'] ? { publicKey: values['public-key'] } : {}),
    ...(values.amount ? { expectedAmount: Number(values.amount) } : {}),
  });
  if (!result.ok) {
    process.stdout.write(`NOT VERIFIED: ${REASONS[result.reason] ?? result.reason}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `VERIFIED: user ${proof.leaf.userId} is included with ${result.amount} cents in snapshot ` +
      `#${proof.snapshot.sequence} taken at ${result.takenAt} (total ${result.total} cents over ` +
      `${proof.snapshot.userCount} users), signed by ${proof.publicKey}` +
      `${values['public-key'] ? ' (the key given)' : ': compare it with the key the operator publishes'}\n`,
  );
} catch (error) {
  process.stdout.write(`NOT VERIFIED: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
