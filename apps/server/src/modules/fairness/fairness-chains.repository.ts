/**
 * Fairness chains: the only SQL that touches them, and the only place the secret seed is ever read
 * (secretSeed, called by the chain service when it must reveal a round's hash or a commitment).
 */
import type { Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

/** A chain as the public sees it: no seed. */
export interface PublicChain {
  id: string;
  roomId: string;
  salt: string;
  terminalHash: string;
  length: number;
  nextIndex: number;
  createdAt: Date;
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

const PUBLIC_COLUMNS = [
  'id',
  'room_id',
  'salt',
  'terminal_hash',
  'length',
  'next_index',
  'created_at',
] as const;

function toPublic(row: {
  id: string;
  room_id: string;
  salt: string;
  terminal_hash: string;
  length: number;
  next_index: number;
  created_at: Date;
}): PublicChain {
  return {
    id: row.id,
    roomId: row.room_id,
    salt: row.salt,
    terminalHash: row.terminal_hash,
    length: row.length,
    nextIndex: row.next_index,
    createdAt: row.created_at,
  };
}

export class FairnessChainsRepository {
  /**
   * The room's chain rounds draw from now, locked until the transaction ends: the OLDEST chain that still
   * has unused hashes. A chain created ahead (published before use) waits until the current one is
   * exhausted, so a chain is always used from its first index to its last without a gap.
   */
  async lockUsable(trx: Transaction<DB>, roomId: string): Promise<PublicChain | undefined> {
    const row = await trx
      .selectFrom('fairness_chains')
      .select(PUBLIC_COLUMNS)
      .where('room_id', '=', roomId)
      .whereRef('next_index', '<=', 'length')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    return row && toPublic(row);
  }

  /** Every chain of the room, newest first (public columns only). */
  async listForRoom(executor: Executor, roomId: string): Promise<PublicChain[]> {
    const rows = await executor
      .selectFrom('fairness_chains')
      .select(PUBLIC_COLUMNS)
      .where('room_id', '=', roomId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toPublic);
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
