/**
 * Publishes what the round engine did, after it committed: the round on its room's topic (with the
 * server's end times and, once drawn, the result), and after a settlement or a void each participant's
 * outcome (their positions, balance and withdrawable amount: round.outcome on their user topic) and the
 * refreshed market figures. A failure here is logged and never stops the engine: the events are a
 * convenience, the database is the truth.
 */
import type { MarketOverview, RoundEventName, RoundOutcomeData } from '@tradehall/contracts';
import { roundTopic } from '@tradehall/contracts';
import { withdrawableAmount } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { DomainEvents } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { toRoundView } from './round-views.ts';
import type { ParticipantOutcomeRow, RoundsRepository } from './rounds.repository.ts';

/**
 * Shared public reads (room list, market overview) are refreshed at once when a round of this node moves;
 * writes on other nodes reach them within their max age.
 */
export function refreshOnRoundEvents(
  events: DomainEvents,
  reads: ReadonlyArray<{ invalidate(): void }>,
): void {
  events.subscribe((event) => {
    if (event.channel === 'topic' && event.event.topic.startsWith('round.')) {
      for (const read of reads) read.invalidate();
    }
  });
}

/** What the round events publisher reads (the round and its outcomes, the home figures) and where it publishes. */
export interface RoundEventsPublisherDeps {
  db: Kysely<DB>;
  rounds: RoundsRepository;
  events: DomainEvents;
  marketOverview: () => Promise<MarketOverview>;
  logger: Logger;
  turnoverMultiplier: number;
}

export class RoundEventsPublisher {
  constructor(private readonly deps: RoundEventsPublisherDeps) {}

  async roundChanged(roundId: string, event: RoundEventName): Promise<void> {
    const final = event === 'round.settled' || event === 'round.void';
    // After a final round the three reads are independent: all start now, and each is published as soon
    // as it and those before it are in (the room's watchers first, then each participant, then the home).
    const view = this.deps.rounds.findView(this.deps.db, roundId);
    const outcomes = final ? this.deps.rounds.participantOutcomes(this.deps.db, roundId) : null;
    const market = final ? this.deps.marketOverview() : null;
    // Whatever is not awaited below because an earlier read failed must not surface as unhandled.
    for (const pending of [outcomes, market]) pending?.catch(() => undefined);
    try {
      const row = await view;
      if (!row) return;
      const round = toRoundView(row);
      this.deps.events.publishTopic({ topic: roundTopic(round.roomId), event, data: { round } });
      if (!outcomes || !market) return;
      for (const [userId, data] of outcomesByUser(roundId, await outcomes, this.deps.turnoverMultiplier)) {
        this.deps.events.publishTopic({ topic: 'user', userId, event: 'round.outcome', data });
      }
      this.deps.events.publishTopic({ topic: 'market', event: 'market.updated', data: await market });
    } catch (error) {
      this.deps.logger.error({ err: error, roundId, event }, 'publishing a round event failed');
    }
  }
}

/** One round.outcome per participant. */
export function outcomesByUser(
  roundId: string,
  rows: ReadonlyArray<ParticipantOutcomeRow>,
  turnoverMultiplier: number,
): Map<string, RoundOutcomeData> {
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        roundId,
        balance: row.balance,
        withdrawable: withdrawableAmount({
          balance: row.balance,
          totalDeposited: row.totalDeposited,
          totalStaked: row.totalStaked,
          turnoverMultiplier,
        }),
        positions: row.positions,
      },
    ]),
  );
}
