/**
 * The public proof of a drawn round: its issue, the chain's salt and terminal hash, the revealed hash,
 * the hash it must link to (the previous round's, or the terminal hash), the digits, and under scheme v2
 * the beacon value mixed in with its network (chain hash, public key, genesis, period) and the round's
 * seal. Anyone can check it offline with the domain's verifyRound (the web verification page,
 * `npm run verify`). A round without drawn digits has no proof yet: NOT_FOUND, exactly like an unknown id.
 */
import type { FairnessProof } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import { toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { FairnessProofsRepository, ProofRow } from './fairness-proofs.repository.ts';

export class FairnessService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly proofs: FairnessProofsRepository,
  ) {}

  async proof(roundId: string): Promise<FairnessProof> {
    const row = await this.proofs.find(this.db, roundId);
    const drawn = row && (row.status === 'drawing' || row.status === 'settled' || row.status === 'void');
    if (!row || !drawn || row.hash === null || row.digits === null || row.sum === null) {
      throw new AppError('NOT_FOUND');
    }
    return {
      roundId: row.id,
      roomId: row.room_id,
      issue: row.issue,
      salt: row.salt,
      hash: row.hash,
      previousHash: row.commitment,
      chainTerminalHash: row.terminal_hash,
      digits: row.digits.map(Number),
      sum: row.sum,
      scheme: row.beacon_kind === null ? 'v1' : 'v2',
      sealsAt: toUnixSeconds(row.seals_at),
      beacon: beaconOf(row),
    };
  }
}

function beaconOf(row: ProofRow): FairnessProof['beacon'] {
  const { beacon_kind: kind, beacon_round: round, beacon_signature: signature } = row;
  if (kind === null || round === null || signature === null || row.beacon_randomness === null) return null;
  return {
    kind,
    round: Number(round),
    signature,
    randomness: row.beacon_randomness,
    chainHash: row.beacon_chain_hash ?? '',
    publicKey: row.beacon_public_key ?? '',
    genesis: Number(row.beacon_genesis),
    period: Number(row.beacon_period),
  };
}
