/** The public proof of a round: its drawn result, chain commitment and (scheme v2) beacon, in one read. */
import type { Executor } from '../../platform/db/executor.ts';
import type { RoundStatusColumn } from '../../platform/db/schema.ts';

export interface ProofRow {
  id: string;
  room_id: string;
  issue: string;
  status: RoundStatusColumn;
  seals_at: Date;
  commitment: string;
  hash: string | null;
  digits: number[] | null;
  sum: number | null;
  salt: string;
  terminal_hash: string;
  beacon_kind: 'drand' | 'local' | null;
  beacon_chain_hash: string | null;
  beacon_public_key: string | null;
  beacon_genesis: number | null;
  beacon_period: number | null;
  beacon_round: number | null;
  beacon_signature: string | null;
  beacon_randomness: string | null;
}

export class FairnessProofsRepository {
  find(executor: Executor, roundId: string): Promise<ProofRow | undefined> {
    return executor
      .selectFrom('rounds as r')
      .innerJoin('fairness_chains as c', 'c.id', 'r.chain_id')
      .select([
        'r.id',
        'r.room_id',
        'r.issue',
        'r.status',
        'r.seals_at',
        'r.commitment',
        'r.hash',
        'r.digits',
        'r.sum',
        'c.salt',
        'c.terminal_hash',
        'r.beacon_kind',
        'r.beacon_chain_hash',
        'r.beacon_public_key',
        'r.beacon_genesis',
        'r.beacon_period',
        'r.beacon_round',
        'r.beacon_signature',
        'r.beacon_randomness',
      ])
      .where('r.id', '=', roundId)
      .executeTakeFirst();
  }
}
