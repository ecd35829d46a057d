/**
 * The daily payment (decision 0030): every day before today with accruals is paid once, oldest first,
 * in chunks of referrers, one transaction each — the chunk's reward rows (unique per referrer, day and
 * level) and their ledger transfers from the house (the bulk form) commit together. A second payer,
 * concurrent or after a restart, inserts no row that exists and so moves no money twice.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type ReferralDays, today } from './referral-rule.ts';
import type { ReferralsRepository } from './referrals.repository.ts';

export interface ReferralPaymentsServiceDeps {
  db: Kysely<DB>;
  repository: ReferralsRepository;
  ledger: LedgerService;
  clock: Clock;
  logger: Logger;
  days: ReferralDays;
  /** Referrers per transaction (REFERRAL_PAY_CHUNK). */
  chunk: number;
  /**
   * After each chunk, rest this percentage of the time it took (REFERRAL_PAY_REST_PERCENT; decision
   * 0040): the payment's writes (and the WAL every other commit has to flush behind them) come in
   * short bursts with gaps, instead of one long stream placements queue behind.
   */
  restPercent?: number;
  /**
   * Test mode only (TEST_REFERRAL_PAY_PAUSE_MS): wait this long inside each chunk's transaction, after
   * its transfers and before commit — where the crash test kills the process.
   */
  pauseMs?: number;
}

export interface DayPaid {
  day: string;
  /** Rewards this run inserted and paid (a second payer's are 0). */
  rewards: number;
  total: number;
}

export class ReferralPaymentsService {
  constructor(private readonly deps: ReferralPaymentsServiceDeps) {}

  /** Pays every unpaid day before today, oldest first. */
  async payDue(): Promise<DayPaid[]> {
    const paid: DayPaid[] = [];
    const current = today(this.deps.clock.now(), this.deps.days);
    for (;;) {
      const day = await this.deps.repository.oldestUnpaidDay(this.deps.db, current);
      if (day === null) return paid;
      paid.push(await this.payDay(day));
    }
  }

  async payDay(day: string): Promise<DayPaid> {
    let after: string | null = null;
    let rewards = 0;
    let total = 0;
    for (;;) {
      const at = this.deps.clock.now();
      const started = performance.now();
      const outcome = await this.deps.db.transaction().execute(async (trx) => {
        const chunk = await this.deps.repository.rewardChunk(trx, { day, after, limit: this.deps.chunk, at });
        if (chunk.ids.length > 0) {
          await this.deps.ledger.postBulk(trx, this.deps.repository.rewardTransfers(chunk.ids), at);
          await this.testPause(day);
        }
        if (chunk.last === null) await this.deps.repository.finishDay(trx, day, at);
        return chunk;
      });
      rewards += outcome.ids.length;
      total += outcome.total;
      if (outcome.last === null) break;
      after = outcome.last;
      await this.rest(performance.now() - started);
    }
    this.deps.logger.info({ day, rewards, total }, 'referral rewards paid');
    return { day, rewards, total };
  }

  /** Outside any transaction: nothing is locked while the payment rests. */
  private async rest(chunkMs: number): Promise<void> {
    const restMs = (chunkMs * (this.deps.restPercent ?? 0)) / 100;
    if (restMs < 1) return;
    await new Promise((resolve) => setTimeout(resolve, restMs));
  }

  private async testPause(day: string): Promise<void> {
    const pauseMs = this.deps.pauseMs ?? 0;
    if (pauseMs <= 0) return;
    this.deps.logger.warn({ day, pauseMs }, 'test pause inside a referral payment');
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
