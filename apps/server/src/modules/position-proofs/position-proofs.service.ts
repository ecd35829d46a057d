/**
 * Positions committed at the seal (decision 0028). `commit` runs inside the transaction that seals a
 * round (the round engine calls it through its PositionRoots interface): it reads every accepted
 * position and returns the root the round stores. The proofs are rebuilt from the positions as they are
 * now, never from a stored tree, so a position added, removed or changed after the seal shows as a root
 * that no longer matches the sealed one.
 */
import type { CommittedRound, PositionProof, PublishedLeaf } from '@tradehall/contracts';
import {
  type Bet,
  type BothSidesBet,
  buildPositionTree,
  POSITION_LEAF_VERSION,
  type PositionLeaf,
  positionsRoot,
} from '@tradehall/domain';
import type { Kysely, Transaction } from 'kysely';
import { toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
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
}

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
  constructor(private readonly deps: PositionProofsServiceDeps) {}

  /** The root over every position of the round, read in the sealing transaction. */
  async commit(trx: Transaction<DB>, roundId: string): Promise<PositionsCommitment> {
    const rows = await this.deps.repository.leaves(trx, roundId);
    return {
      root: positionsRoot(rows.map((row) => leafOf(roundId, row))),
      leafCount: rows.length,
      version: POSITION_LEAF_VERSION,
    };
  }

  /** The round's committed set, public once sealed; the ledger's totals once settled. */
  async round(roundId: string): Promise<CommittedRound> {
    const round = sealed(await this.deps.repository.round(this.deps.db, roundId));
    const leaves = await this.leaves(roundId);
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
    const tree = buildPositionTree(await this.leaves(round.id));
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

  private async leaves(roundId: string): Promise<PositionLeaf[]> {
    const rows = await this.deps.repository.leaves(this.deps.db, roundId);
    return rows.map((row) => leafOf(roundId, row));
  }
}

function sealed(row: SealedRoundRow | undefined) {
  if (!row || row.positions_root === null || row.positions_count === null || row.positions_version === null) {
    throw new AppError('NOT_FOUND');
  }
  return { ...row, root: row.positions_root, leafCount: row.positions_count, version: row.positions_version };
}
