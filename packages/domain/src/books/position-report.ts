/**
 * The positions part of `npm run verify`: reads a round's committed set (the public
 * /position-proofs/rounds/:id answer, fetched or saved), optionally the user's own proof (saved from the
 * app: it needs their sign-in) and the root their device kept at the seal, and prints each check.
 */
import { readFile } from 'node:fs/promises';
import type { Bet } from '../rounds/bets.ts';
import type { PositionLeaf } from './position-leaf.ts';
import type { RoundMoneyTotals } from './position-settlement.ts';
import { type OwnPositionProof, verifyPositions } from './position-verify.ts';

interface PublishedLeafJson {
  positionId: string;
  ownerCommitment: string;
  bet: Bet;
  amount: number;
  multiplier: number;
}

interface CommittedRoundJson {
  roundId: string;
  issue?: string;
  root: string;
  leafCount: number;
  leaves: PublishedLeafJson[];
  sum: number | null;
  ledger: RoundMoneyTotals | null;
}

interface PositionProofJson {
  roundId: string;
  leaf: PublishedLeafJson;
  userId: string;
  ownerSalt: string;
  index: number;
  leafCount: number;
  siblings: string[];
}

async function loadJson<T>(source: string): Promise<T> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`GET ${source} answered ${response.status}`);
    return (await response.json()) as T;
  }
  return JSON.parse(await readFile(source, 'utf8')) as T;
}

const leafIn = (roundId: string, leaf: PublishedLeafJson): PositionLeaf => ({ ...leaf, roundId });

const mark = (ok: boolean | null, absent: string) => (ok === null ? absent : ok ? 'OK' : 'FAILED');

/** Prints the positions checks; true when they all pass. */
export async function reportPositions(options: {
  positions: string;
  proof?: string | undefined;
  sealedRoot?: string | undefined;
}): Promise<boolean> {
  const round = await loadJson<CommittedRoundJson>(options.positions);
  const own = options.proof ? await loadJson<PositionProofJson>(options.proof) : null;
  const mine: OwnPositionProof[] = own
    ? [
        {
          leaf: leafIn(own.roundId, own.leaf),
          userId: own.userId,
          ownerSalt: own.ownerSalt,
          proof: { index: own.index, leafCount: own.leafCount, siblings: own.siblings },
        },
      ]
    : [];
  const result = verifyPositions(
    { ...round, leaves: round.leaves.map((leaf) => leafIn(round.roundId, leaf)) },
    { mine, deviceRoot: options.sealedRoot ?? null },
  );
  console.log(
    `positions of round ${round.issue ?? round.roundId}: root ${round.root}, ${round.leafCount} leaves`,
  );
  console.log(`  committed set  the published leaves rebuild the sealed root: ${mark(result.setOk, '')}`);
  console.log(
    `  my position    in the set, and its owner commitment is mine: ${mark(result.inclusionOk, 'not given (--proof)')}`,
  );
  const expected = result.expected;
  console.log(
    `  ledger         staked ${round.ledger?.staked ?? '?'} / paid ${round.ledger?.paid ?? '?'}, implied ${expected?.staked ?? '?'} / ${expected?.paid ?? '?'}: ${mark(result.settlementOk, '')}`,
  );
  console.log(
    `  sealed root    the root kept at the seal: ${mark(result.deviceRootOk, 'not given (--sealed-root)')}`,
  );
  return result.ok;
}
