/**
 * Positions committed at the seal (decision 0028). `commit` runs inside the transaction that seals a
 * round (the round engine calls it through its PositionRoots interface): it reads every accepted
 * position and returns the root the round stores. The proofs are rebuilt from the positions as they are
 * now, never from a stored tree, so a position added, removed or changed after the seal shows as a root
 * that no longer matches the sealed one.
 *
 * Cost (decision 0037): the seal asks the database for every leaf hash in one row and hashes only the
 * tree's nodes here, with node:crypto. A round's tree for its proofs (with its published leaves and,
 * once settled, the ledger's totals) is built once and shared for PROOF_TREE_MAX_AGE_MS by every request
 * for that round, so a burst of requests on a 100,000-leaf round costs one build; a change to the
 * positions or the ledger shows that many milliseconds later at most. The round's row (status, sum,
 * stored root) is read per request. The round's answer is serialised once per set and round state and
 * its bytes (and their compressed forms) sent to every request that shares them (decision 0043): made
 * per request, the JSON and its compression of a 100,000-leaf round cost each request about a second.
 */
import type { CommittedRound, PositionProof, PublishedLeaf } from '@tradehall/contracts';
import {
  type Bet,
  type BothSidesBet,
  isUuid,
  POSITION_LEAF_VERSION,
  type PositionLeaf,
  type PositionTree,
  positionTreeOfHashes,
  rootOfHashes,
} from '@tradehall/domain';
import type { Kysely, Transaction } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { nativeSha256 } from '../../platform/native-sha256.ts';
import { SerialisedAnswer } from '../../platform/serialised-answer.ts';
import { SharedBuildCache } from '../../platform/shared-build-cache.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { LeafRow, PositionProofsRepository, SealedRoundRow } from './position-proofs.repository.ts';

export interface PositionsCommitment {
  root: string;
  leafCount: number;
  version: number;
}

export interface PositionProofsServiceDeps {
  db: Kysely<DB>;
  repository: PositionProofsRepository;
  ledger: LedgerService;
  clock: Clock;
}

/**
 * How long a round's committed set (its tree, its published leaves, the ledger's totals once settled)
 * serves requests. Short, because the proofs must show a change to the positions or the ledger
 * (tampering) soon: a request made this long after a change sees it. Long enough that a burst (every
 * player of a big round checking as it settles) costs one build and one ledger query.
 */
export const PROOF_TREE_MAX_AGE_MS = 5_000;
/** Sets kept at once: one of 100,000 leaves is tens of MB, and proofs are asked of recent rounds. */
const PROOF_TREES_KEPT = 4;

function betOf(row: LeafRow): Bet {
  return row.bet_category === 'special_number'
    ? { category: 'special_number', number: Number(row.bet_number) }
    : { category: 'both_sides', type: row.bet_type as BothSidesBet };
}

function leafOf(roundId: string, row: LeafRow): PositionLeaf {
  return {
    roundId,
    positionId: row.id,
    ownerCommitment: row.owner_commitment,
    bet: betOf(row),
    amount: row.amount,
    multiplier: row.multiplier,
  };
}

function published(leaf: PositionLeaf): PublishedLeaf {
  const { roundId: _round, ...rest } = leaf;
  return rest;
}

type LedgerTotals = NonNullable<CommittedRound['ledger']>;

/** A round's committed set as its positions were at one moment, shared by the next few seconds' requests. */
interface CommittedSet {
  tree: PositionTree;
  leaves: PublishedLeaf[];
  /** What the ledger moved for these positions, asked by the first request that finds the round settled. */
  ledger: Promise<LedgerTotals> | null;
  /**
   * The round's answer over these leaves, serialised by the first request that asks, with what the
   * round's own fields were then (`state`): a request that finds them changed (the round settled
   * meanwhile) serialises anew.
   */
  answer: { state: string; bytes: SerialisedAnswer } | null;
}

export class PositionProofsService {
  readonly #sets: SharedBuildCache<string, CommittedSet>;

  constructor(private readonly deps: PositionProofsServiceDeps) {
    this.#sets = new SharedBuildCache((roundId) => this.buildSet(roundId), {
      maxAgeMs: PROOF_TREE_MAX_AGE_MS,
      maxKeys: PROOF_TREES_KEPT,
      now: () => deps.clock.now().getTime(),
    });
  }

  /**
   * The root over every position of the round, read in the sealing transaction: the leaf hashes made
   * by the database in one row (the repository's fast path, equal to the domain's leafHash), the nodes
   * and the root by the domain's tree with node:crypto's SHA-256.
   */
  async commit(trx: Transaction<DB>, roundId: string): Promise<PositionsCommitment> {
    // The domain refuses these leaves (leafText); refusing the seal keeps the two paths equal.
    if (!isUuid(roundId)) throw new RangeError('malformed position leaf: roundId');
    const { hashes, count, unsafe } = await this.deps.repository.leafHashes(trx, roundId);
    if (unsafe > 0) throw new RangeError('malformed position leaf: amount');
    if (hashes.length !== count * 32) throw new RangeError('a position has no leaf text');
    const leaves = new Array<Uint8Array>(count);
    for (let i = 0; i < count; i++) leaves[i] = hashes.subarray(i * 32, i * 32 + 32);
    return {
      root: rootOfHashes(leaves, nativeSha256),
      leafCount: count,
      version: POSITION_LEAF_VERSION,
    };
  }

  /**
   * The round's committed set, public once sealed; the ledger's totals once settled. Answered as bytes
   * serialised once per shared set: every request in the set's lifetime that finds the round in the same
   * state gets the same bytes.
   */
  async round(roundId: string): Promise<SerialisedAnswer> {
    const round = sealed(await this.deps.repository.round(this.deps.db, roundId));
    const set = await this.#sets.get(round.id);
    let ledger: LedgerTotals | null = null;
    if (round.status === 'settled') {
      set.ledger ??= this.ledgerTotals(set);
      ledger = await set.ledger;
    }
    const fields = {
      roundId: round.id,
      issue: round.issue,
      status: round.status,
      sealsAt: toUnixSeconds(round.seals_at),
      version: round.version,
      root: round.root,
      leafCount: round.leafCount,
    };
    const rest = { sum: round.sum, ledger };
    // A few hundred bytes per request, to tell whether the kept answer still says what the round says.
    const state = JSON.stringify([fields, rest]);
    if (set.answer?.state !== state) {
      const answer: CommittedRound = { ...fields, leaves: set.leaves, ...rest };
      set.answer = { state, bytes: new SerialisedAnswer(JSON.stringify(answer)) };
    }
    return set.answer.bytes;
  }

  /** The owner's proof for their position (NOT_FOUND for anyone else's, or before the seal). */
  async position(userId: string, positionId: string): Promise<PositionProof> {
    const own = await this.deps.repository.ownPosition(this.deps.db, userId, positionId);
    if (!own) throw new AppError('NOT_FOUND');
    const round = sealed(await this.deps.repository.round(this.deps.db, own.round_id));
    const { tree } = await this.#sets.get(round.id);
    const proof = tree.proof(positionId);
    const leaf = tree.leaves[proof?.index ?? -1];
    if (!proof || !leaf) throw new AppError('NOT_FOUND');
    return {
      roundId: round.id,
      root: round.root,
      version: round.version,
      leaf: published(leaf),
      userId,
      ownerSalt: own.owner_salt,
      ...proof,
    };
  }

  /**
   * The round's committed set from its positions as they are now: the leaves and their hashes made by
   * the database (as at the seal), the nodes by the domain's tree with node:crypto's SHA-256.
   */
  private async buildSet(roundId: string): Promise<CommittedSet> {
    const rows = await this.deps.repository.leaves(this.deps.db, roundId);
    const tree = positionTreeOfHashes(
      rows.map((row) => leafOf(roundId, row)),
      rows.map((row) => row.leaf_hash),
      nativeSha256,
    );
    return { tree, leaves: tree.leaves.map(published), ledger: null, answer: null };
  }

  /** The ledger's totals for the set's positions; a failure is not kept (the next request asks again). */
  private ledgerTotals(set: CommittedSet): Promise<LedgerTotals> {
    const totals = this.deps.ledger.positionTotals(
      this.deps.db,
      set.tree.leaves.map((leaf) => leaf.positionId),
    );
    void totals.catch(() => {
      if (set.ledger === totals) set.ledger = null;
    });
    return totals;
  }
}

function sealed(row: SealedRoundRow | undefined) {
  if (!row || row.positions_root === null || row.positions_count === null || row.positions_version === null) {
    throw new AppError('NOT_FOUND');
  }
  return { ...row, root: row.positions_root, leafCount: row.positions_count, version: row.positions_version };
}
