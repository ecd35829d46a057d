/**
 * Positions committed at the seal (decision 0028). `commit` runs inside the transaction that seals a
 * round (the round engine calls it through its PositionRoots interface): it reads every accepted
 * position and returns the root the round stores. The proofs are rebuilt from the positions as they are
 * now, never from a stored tree, so a position added, removed or changed after the seal shows as a root
 * that no longer matches the sealed one.
 *
 * Cost (decision 0037): the seal asks the database for every leaf hash in one row and hashes only the
 * tree's nodes here, with node:crypto. A round's tree for its proofs is built once and shared for
 * PROOF_TREE_MAX_AGE_MS by every request for that round, so a burst of proof requests on a 100,000-leaf
 * round costs one build; a change to the positions shows in the proofs that many milliseconds later at
 * most.
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
 * How long a round's tree serves proofs. Short, because the proofs must show a change to the positions
 * (tampering) soon: a request made this long after a change sees it. Long enough that a burst (every
 * player of a big round checking as it settles) costs one build.
 */
export const PROOF_TREE_MAX_AGE_MS = 5_000;
/** Trees kept at once: one of 100,000 leaves is tens of MB, and proofs are asked of recent rounds. */
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

export class PositionProofsService {
  readonly #trees: SharedBuildCache<string, PositionTree>;

  constructor(private readonly deps: PositionProofsServiceDeps) {
    this.#trees = new SharedBuildCache((roundId) => this.buildTree(roundId), {
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

  /** The round's committed set, public once sealed; the ledger's totals once settled. */
  async round(roundId: string): Promise<CommittedRound> {
    const round = sealed(await this.deps.repository.round(this.deps.db, roundId));
    const { leaves } = await this.#trees.get(round.id);
    const ledger =
      round.status === 'settled'
        ? await this.deps.ledger.positionTotals(
            this.deps.db,
            leaves.map((leaf) => leaf.positionId),
          )
        : null;
    return {
      roundId: round.id,
      issue: round.issue,
      status: round.status,
      sealsAt: toUnixSeconds(round.seals_at),
      version: round.version,
      root: round.root,
      leafCount: round.leafCount,
      leaves: leaves.map(published),
      sum: round.sum,
      ledger,
    };
  }

  /** The owner's proof for their position (NOT_FOUND for anyone else's, or before the seal). */
  async position(userId: string, positionId: string): Promise<PositionProof> {
    const own = await this.deps.repository.ownPosition(this.deps.db, userId, positionId);
    if (!own) throw new AppError('NOT_FOUND');
    const round = sealed(await this.deps.repository.round(this.deps.db, own.round_id));
    const tree = await this.#trees.get(round.id);
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
   * The round's tree from its positions as they are now: the leaves and their hashes made by the
   * database (as at the seal), the nodes by the domain's tree with node:crypto's SHA-256.
   */
  private async buildTree(roundId: string): Promise<PositionTree> {
    const rows = await this.deps.repository.leaves(this.deps.db, roundId);
    return positionTreeOfHashes(
      rows.map((row) => leafOf(roundId, row)),
      rows.map((row) => row.leaf_hash),
      nativeSha256,
    );
  }
}

function sealed(row: SealedRoundRow | undefined) {
  if (!row || row.positions_root === null || row.positions_count === null || row.positions_version === null) {
    throw new AppError('NOT_FOUND');
  }
  return { ...row, root: row.positions_root, leafCount: row.positions_count, version: row.positions_version };
}
