/**
 * The public proof of a drawn round: its issue, the chain's salt and terminal hash, the revealed hash,
 * the hash it must link to (the previous round's, or the terminal hash) and the digits. Anyone can check
 * it with the domain's verifyRound (the web verification page, `npm run verify`). A round that has not
 * been drawn has no proof yet: NOT_FOUND, exactly like an unknown id.
 */
import type { FairnessProof } from '@tradehall/contracts';
import { AppError } from '../../platform/errors.ts';
import type { RoundsRepository } from '../rounds/rounds.repository.ts';

export class FairnessService {
  constructor(private readonly rounds: RoundsRepository) {}

  async proof(roundId: string): Promise<FairnessProof> {
    const row = await this.rounds.findView(roundId);
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
    };
  }
}
