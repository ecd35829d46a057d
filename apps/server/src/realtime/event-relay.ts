/**
 * Carries /ws-relevant domain events between nodes over one Redis pub/sub channel
 * (`<REDIS_PREFIX>:events`). Every node with
 * REDIS_URL publishes the topic and disconnect events it produces (the scheduler's rounds, an api
 * node's balances); every realtime node subscribes and hands what other nodes published to its
 * gateway. A node delivers its own events locally without the Redis round trip, and skips them when they
 * come back (each message names its origin), so nothing is delivered twice.
 *
 * socket.io notices, settings and disconnections travel through the socket.io Redis adapter instead
 * (socket-io-gateway.ts), which was made for exactly that. A disconnection (ended sessions) is also
 * applied to a realtime node's own socket.io sockets when it arrives here (realtime.ts says why).
 *
 * Without Redis the relay only drops what other nodes would have received (local delivery does not go
 * through it); the subscription comes back by itself when Redis does.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ALL_SESSIONS, type DomainEvent } from '../platform/events.ts';
import type { Logger } from '../platform/logger.ts';
import { closeRedis } from '../platform/redis.ts';

/** What goes over the channel: who published it, when it happened (unix seconds), and the event. */
export interface RelayEnvelope {
  origin: string;
  at: number;
  event: DomainEvent;
}

/** The events other nodes need for their /ws clients. */
export function relayed(event: DomainEvent): boolean {
  return event.channel === 'topic' || event.channel === 'disconnect';
}

export type RemoteEventHandler = (event: DomainEvent, at: number) => void;

/**
 * How long start-up waits for the subscription. With Redis down at start the node serves its own
 * clients at once; the subscription is made when Redis comes (the subscriber connection keeps it queued).
 */
const SUBSCRIBE_WAIT_MS = 3_000;

export class EventRelay {
  readonly nodeId = randomUUID();
  #subscriber: Redis | null = null;
  /** Whether a failed publish has been reported since the last one that went through. */
  #failing = false;

  constructor(
    private readonly publisher: Redis,
    private readonly logger: Logger,
    /** `<REDIS_PREFIX>:events` */
    private readonly channel: string,
  ) {}

  /** Publishes an event produced here. Fire and forget: a Redis outage must not fail the producer. */
  publish(event: DomainEvent, at: number): void {
    if (!relayed(event)) return;
    const envelope: RelayEnvelope = { origin: this.nodeId, at, event };
    this.publisher.publish(this.channel, JSON.stringify(envelope)).then(
      () => {
        if (!this.#failing) return;
        this.#failing = false;
        this.logger.info('relaying events to other nodes again');
      },
      (error: unknown) => {
        // Once per outage: every event fails the same way until Redis is back.
        if (this.#failing) return;
        this.#failing = true;
        this.logger.warn(
          { err: error, channel: event.channel },
          'relaying events to other nodes failed; delivering on this node only until Redis is back',
        );
      },
    );
  }

  /**
   * Receives other nodes' events on a dedicated subscriber connection (createRedis with `use:
   * 'subscriber'`). Resolves once subscribed, or after SUBSCRIBE_WAIT_MS while Redis is unreachable.
   */
  async listen(subscriber: Redis, handler: RemoteEventHandler): Promise<void> {
    this.#subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const envelope = parseEnvelope(message);
      if (!envelope) {
        this.logger.warn({ channel }, 'unreadable relay message ignored');
        return;
      }
      if (envelope.origin === this.nodeId) return;
      try {
        handler(envelope.event, envelope.at);
      } catch (error) {
        this.logger.error({ err: error }, 'delivering a relayed event failed');
      }
    });
    const subscribed = subscriber.subscribe(this.channel).then(
      () => true,
      (error: unknown) => {
        this.logger.warn({ err: error }, 'subscribing to other nodes’ events failed');
        return false;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS);
    });
    const inTime = await Promise.race([subscribed, waited]);
    clearTimeout(timer);
    if (!inTime) this.logger.warn('not yet subscribed to other nodes’ events; carrying on without them');
  }

  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = null;
    if (subscriber) await closeRedis(subscriber);
  }
}

/** Only nodes of this deployment publish here; the check guards against a bug, not an attacker. */
function parseEnvelope(message: string): RelayEnvelope | null {
  try {
    const value = JSON.parse(message) as Partial<RelayEnvelope> | null;
    if (
      value &&
      typeof value.origin === 'string' &&
      typeof value.at === 'number' &&
      value.event &&
      typeof value.event === 'object' &&
      relayed(value.event)
    ) {
      const envelope = value as RelayEnvelope;
      // A node of the release before sessions were named meant every session of the user (during a
      // rolling update both publish here).
      if (envelope.event.channel === 'disconnect' && !envelope.event.sessions) {
        envelope.event.sessions = ALL_SESSIONS;
      }
      return envelope;
    }
  } catch {
    // Not JSON: reported by the caller.
  }
  return null;
}
