/**
 * Settlement (DESIGN §6): ONE transaction per round, set-based — a fixed handful of statements whatever
 * the number of positions:
 *   1. claim the round drawing -> settled (conditional: a second settler, concurrent or later, finds it
 *      settled and does nothing; a process dying mid-way rolls everything back, claim included);
 *   2. every position won or lost in one UPDATE, from the winning set the domain computes for the sum;
 *   3. the ledger transfers in one INSERT ... SELECT, crediting user balances in the same statement;
 *   4. the round's totals;
 *   5. the round counted in its room's trend tables.
 * A void round refunds every stake the same way, exactly once.
 */
import {
  BOTH_SIDES_BETS,
  betWins,
  ROUND_STATUSES,
  SPECIAL_NUMBER_MAX,
  SPECIAL_NUMBER_MIN,
  transition,
} from '@tradehall/domain';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RoundsRepository } from './rounds.repository.ts';
import type { TrendsRepository } from './trends.repository.ts';

/** Which bets win for a round's sum. */
export interface WinningSet {
  bothSides: readonly string[];
  numbers: readonly number[];
}

export interface SettledTotals {
  positions: number;
  staked: number;
  paid: number;
}

/**
 * What settlement needs of the positions (the positions module answers): mark them, and the SELECTs
 * whose rows the ledger posts as transfers in the same statement.
 */
export interface SettlementPositions {
  settleOutcomes(
    trx: Transaction<DB>,
    roundId: string,
    winning: WinningSet,
    now: Date,
  ): Promise<SettledTotals>;
  refundAll(trx: Transaction<DB>, roundId: string, now: Date): Promise<SettledTotals>;
  settlementTransfers(roundId: string, houseAccountId: string): RawBuilder<unknown>;
  refundTransfers(roundId: string): RawBuilder<unknown>;
}

/** What another module adds to a settled round's transaction, set-wise (the referral figures). */
export interface SettlementAccrual {
  accrue(trx: Transaction<DB>, roundId: string, now: Date): Promise<void>;
}

export interface SettlementOutcome extends SettledTotals {
  roundId: string;
  issue: string;
  status: 'settled' | 'void';
  transfers: number;
}

/** Which bets win for a sum, straight from the domain's betWins. */
export function winningSet(sum: number): WinningSet {
  const numbers: number[] = [];
  for (let number = SPECIAL_NUMBER_MIN; number <= SPECIAL_NUMBER_MAX; number++) {
    if (betWins({ category: 'special_number', number }, sum)) numbers.push(number);
  }
  return {
    bothSides: BOTH_SIDES_BETS.filter((type) => betWins({ category: 'both_sides', type }, sum)),
    numbers,
  };
}

const SETTLE = transition('drawing', 'settle');
/** The statuses a round may be voided from, per the domain's state machine. */
const VOIDABLE = ROUND_STATUSES.filter((status) => transition(status, 'void').ok);

export interface SettlementServiceDeps {
  db: Kysely<DB>;
  rounds: RoundsRepository;
  positions: SettlementPositions;
  /** The trend tables count a round in the transaction that settles it (never a voided one). */
  trends: TrendsRepository;
  ledger: LedgerService;
  clock: Clock;
  logger: Logger;
  /** Runs after the positions are marked won or lost (never for a void round's refunds). */
  accrual?: SettlementAccrual;
  /**
   * Test mode only (TEST_SETTLEMENT_PAUSE_MS): wait this long inside the transaction, before commit,
   * when the round has positions — where the crash test kills the process.
   */
  pauseMs?: number;
}

export class SettlementService {
  constructor(private readonly deps: SettlementServiceDeps) {}

  /** Settles a drawn round once its settlement time has come; null when there is nothing to do. */
  async settle(roundId: string): Promise<SettlementOutcome | null> {
    if (!SETTLE.ok || SETTLE.to !== 'settled') throw new Error('the domain forbids drawing -> settled');
    return this.deps.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      const claimed = await this.deps.rounds.claimFinal(trx, roundId, ['drawing'], 'settled', now);
      if (!claimed) return null;
      if (claimed.sum === null) throw new Error(`round ${roundId} is drawing without a sum`);
      const totals = await this.deps.positions.settleOutcomes(trx, roundId, winningSet(claimed.sum), now);
      if (totals.positions > 0) await this.deps.accrual?.accrue(trx, roundId, now);
      const house = await this.deps.ledger.systemAccountId(trx, 'house');
      const posted = await this.deps.ledger.postBulk(
        trx,
        this.deps.positions.settlementTransfers(roundId, house),
        now,
      );
      await this.deps.rounds.setTotals(trx, roundId, totals);
      await this.deps.trends.record(trx, { id: roundId, roomId: claimed.roomId, sum: claimed.sum });
      if (totals.positions > 0) await this.testPause(roundId, claimed.issue);
      return { roundId, issue: claimed.issue, status: 'settled', transfers: posted.transfers, ...totals };
    });
  }

  /**
   * Voids an unfinished round and refunds every stake, once; null when it is already final. `reason`
   * (e.g. `beacon_timeout`) is recorded in the same transaction and shown to users.
   */
  async void(roundId: string, reason?: string): Promise<SettlementOutcome | null> {
    return this.deps.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      const claimed = await this.deps.rounds.claimFinal(trx, roundId, VOIDABLE, 'void', now);
      if (!claimed) return null;
      if (reason) await this.deps.rounds.setVoidReason(trx, roundId, reason);
      const totals = await this.deps.positions.refundAll(trx, roundId, now);
      const posted = await this.deps.ledger.postBulk(trx, this.deps.positions.refundTransfers(roundId), now);
      await this.deps.rounds.setTotals(trx, roundId, totals);
      if (totals.positions > 0) await this.testPause(roundId, claimed.issue);
      return { roundId, issue: claimed.issue, status: 'void', transfers: posted.transfers, ...totals };
    });
  }

  private async testPause(roundId: string, issue: string): Promise<void> {
    if ((this.deps.pauseMs ?? 0) <= 0) return;
    this.deps.logger.warn(
      { roundId, issue, pauseMs: this.deps.pauseMs ?? 0 },
      'test pause inside settlement',
    );
    await new Promise((resolve) => setTimeout(resolve, this.deps.pauseMs ?? 0));
  }
}
