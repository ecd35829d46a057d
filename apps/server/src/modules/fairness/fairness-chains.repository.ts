/**
 * Fairness chains: the only SQL that touches them, and the only place the secret seed is ever read
 * (secretSeed, called by the chain service when it must reveal a round's hash or a commitment).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Executor } from '../ledger/ledger.repository.ts';

/** A chain as the public sees it: no seed. */
export interface PublicChain {
  id: string;
  roomId: string;
  salt: string;
  terminalHash: string;
  length: number;
  nextIndex: number;
}

export interface NewChain {
  id: string;
  roomId: string;
  seed: string;
  salt: string;
  terminalHash: string;
  length: number;
  at: Date;
}

const PUBLIC_COLUMNS = ['id', 'room_id', 'salt', 'terminal_hash', 'length', 'next_index'] as const;

function toPublic(row: {
  id: string;
  room_id: string;
  salt: string;
  terminal_hash: string;
  length: number;
  next_index: number;
}): PublicChain {
  return {
    id: row.id,
    roomId: row.room_id,
    salt: row.salt,
    terminalHash: row.terminal_hash,
    length: row.length,
    nextIndex: row.next_index,
  };
}

export class FairnessChainsRepository {
  /** The room's chain that still has unused hashes, locked until the transaction ends; newest first. */
  async lockUsable(trx: Transaction<DB>, roomId: string): Promise<PublicChain | undefined> {
    const row = await trx
      .selectFrom('fairness_chains')
      .select(PUBLIC_COLUMNS)
      .where('room_id', '=', roomId)
      .whereRef('next_index', '<=', 'length')
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    return row && toPublic(row);
  }

  async insert(trx: Transaction<DB>, chain: NewChain): Promise<PublicChain> {
    const row = await trx
      .insertInto('fairness_chains')
      .values({
        id: chain.id,
        room_id: chain.roomId,
        seed: chain.seed,
        salt: chain.salt,
        terminal_hash: chain.terminalHash,
        length: chain.length,
        next_index: 1,
        created_at: chain.at,
      })
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirstOrThrow();
    return toPublic(row);
  }

  /** Takes the chain's next index for a new round. */
  async advance(trx: Transaction<DB>, chainId: string, index: number): Promise<void> {
    const result = await trx
      .updateTable('fairness_chains')
      .set({ next_index: index + 1 })
      .where('id', '=', chainId)
      .where('next_index', '=', index)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`chain ${chainId} index ${index} was taken meanwhile`);
  }

  /** The secret seed. Never returned by any view; the chain service keeps what it derives in memory. */
  async secretSeed(
    executor: Executor,
    chainId: string,
  ): Promise<{ seed: string; length: number; salt: string }> {
    const row = await executor
      .selectFrom('fairness_chains')
      .select(['seed', 'length', 'salt'])
      .where('id', '=', chainId)
      .executeTakeFirstOrThrow();
    return row;
  }
}
