/**
 * What the notifications module does when something happens elsewhere, heard on the domain event bus:
 *
 * - A deposit or withdrawal reaches its final status (deposit approved/rejected, withdrawal
 *   paid/rejected): a personal `funding` notification is stored, always (it is the user's record), and
 *   pushed as a socket.io `gaogaoasx` only if their `funding` setting is on. Stored at most once per
 *   decision (source key), so a repeated event neither duplicates the row nor pushes twice.
 * - A round settles: each participant who turned `round_result` on (it is opt-in) gets a `gaogaoasx` with the digits and what
 *   they staked and got back. Pushed only, not stored: a stored row per participant per round would
 *   grow without bound (one per user every round, all day) and repeat what the investment records
 *   already show; the push is the "your round finished" moment, the records are the history.
 *
 * Pushes are rendered in the user's last-known language (see KnownLocales), English when unknown.
 * The listener only filters synchronously and hands the work to a promise whose failure is logged: the
 * publisher has committed its own work already and must never see an error from here.
 */
import type { RoundView } from '@tradehall/contracts';
import { FALLBACK_LOCALE, isLocale, type Locale } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DomainEvent, DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import type { Logger } from '../../platform/logger.ts';
import { renderTemplate, type TemplateKey } from './notification-templates.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/** The final statuses of funding orders, and the template that tells each. */
const FUNDING_TEMPLATES: Record<string, TemplateKey> = {
  'deposit:approved': 'deposit_approved',
  'deposit:rejected': 'deposit_rejected',
  'withdrawal:paid': 'withdrawal_paid',
  'withdrawal:rejected': 'withdrawal_rejected',
};

/** A push's language: the one the user last read in, else English. */
export function pushLocale(stored: string | null | undefined): Locale {
  return stored && isLocale(stored) ? stored : FALLBACK_LOCALE;
}

/** Buses already heard by a NotificationPushes: a second start on the same bus adds no second listener. */
const listening = new WeakSet<DomainEvents>();

/** Where notification pushes read recipients and publish. */
export interface NotificationPushesDeps {
  db: Kysely<DB>;
  repository: NotificationsRepository;
  clock: Clock;
  events: DomainEvents;
  logger: Logger;
}

export class NotificationPushes {
  /** Work started by events and not finished yet: drain() waits for it (shutdown, tests). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: NotificationPushesDeps) {}

  /** Starts listening; returns the stop function. */
  start(): () => void {
    if (listening.has(this.deps.events)) return () => {};
    listening.add(this.deps.events);
    const unsubscribe = this.deps.events.subscribe((event) => this.onEvent(event));
    return () => {
      unsubscribe();
      listening.delete(this.deps.events);
    };
  }

  /** Resolves when the work of every event heard so far has finished (its failures were logged). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  private onEvent(event: DomainEvent): void {
    if (event.channel !== 'topic') return;
    const topicEvent = event.event;
    if (topicEvent.event === 'order.updated') {
      const { kind, id, status } = topicEvent.data;
      if (kind === 'position') return;
      const template = FUNDING_TEMPLATES[`${kind}:${status}`];
      if (!template) return;
      this.track(
        this.fundingDecided(topicEvent.userId, kind, id, status, template),
        { kind, id, status },
        'funding notification failed',
      );
    } else if (topicEvent.event === 'round.settled') {
      const { round } = topicEvent.data;
      this.track(this.roundSettled(round), { roundId: round.id }, 'round result pushes failed');
    }
  }

  /** Fire and forget, but remembered until done; a failure is logged, never thrown at the publisher. */
  private track(work: Promise<void>, context: Record<string, string>, message: string): void {
    const tracked = work
      .catch((error: unknown) => this.deps.logger.error({ err: error, ...context }, message))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private async fundingDecided(
    userId: string,
    kind: 'deposit' | 'withdrawal',
    id: string,
    status: string,
    template: TemplateKey,
  ): Promise<void> {
    const facts = await this.deps.repository.fundingFacts(this.deps.db, kind, id, userId);
    if (!facts) {
      this.deps.logger.warn({ kind, id, userId }, 'funding event for an order that is not the user’s');
      return;
    }
    const params = {
      reference: facts.reference,
      amount: facts.amount,
      ...(status === 'rejected' ? { reason: facts.reason } : {}),
    };
    const at = this.deps.clock.now();
    const stored = await this.deps.repository.insertOnce(this.deps.db, {
      id: newId(at.getTime()),
      audience: 'user',
      userId,
      category: 'funding',
      title: null,
      content: null,
      template,
      params,
      sourceKey: `${kind}:${id}:${status}`,
      createdBy: null,
      at,
    });
    if (!stored) return; // Told before: stored and pushed then.
    const state = await this.deps.repository.state(this.deps.db, userId);
    if (state && !state.funding) return;
    const { content } = renderTemplate(pushLocale(state?.locale), template, params);
    this.deps.events.publish({ channel: 'notice', msg: { type: 'gaogaoasx', content, uid: userId }, userId });
  }

  private async roundSettled(round: RoundView): Promise<void> {
    if (round.digits === null || round.sum === null) return;
    const digits = round.digits.join(' + ');
    for (const outcome of await this.deps.repository.roundOutcomes(this.deps.db, round.id)) {
      const { content } = renderTemplate(pushLocale(outcome.locale), 'round_settled', {
        issue: round.issue,
        digits,
        sum: round.sum,
        stake: outcome.stake,
        payout: outcome.payout,
      });
      this.deps.events.publish({
        channel: 'notice',
        msg: { type: 'gaogaoasx', content, uid: outcome.userId },
        userId: outcome.userId,
      });
    }
  }
}
