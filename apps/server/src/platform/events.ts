/**
 * The in-process domain event bus. Services publish what happened (a round sealed, a balance changed, a
 * notice for a user) after their transaction commits; the realtime gateway subscribes and delivers to
 * /ws topics and socket.io. With REDIS_URL set the realtime module relays these across nodes.
 *
 * publish() never throws into the caller: a money operation has already committed when it publishes, and
 * a failing listener must not turn that success into an error. Listener failures are logged.
 */
import type { NewMsg, TopicEvent } from '@tradehall/contracts';
import type { Logger } from './logger.ts';

type UserTopicEvent = Extract<TopicEvent, { topic: 'user' }>;

/** A topic event as published: `user` events carry the user they are for. */
export type DomainTopicEvent = Exclude<TopicEvent, { topic: 'user' }> | (UserTopicEvent & { userId: string });

/**
 * Which of a user's sessions ended: every one (frozen, forced or emailed password reset), one (logout,
 * revoking it from the sessions list), or all but the one that asked (a password change).
 */
export type EndedSessions =
  | { kind: 'all' }
  | { kind: 'one'; sessionId: string }
  | { kind: 'allBut'; sessionId: string };

export const ALL_SESSIONS: EndedSessions = { kind: 'all' };

/** Whether the session with this id is among those that ended (of the user the event names). */
export function endsSession(ended: EndedSessions, sessionId: string): boolean {
  switch (ended.kind) {
    case 'all':
      return true;
    case 'one':
      return sessionId === ended.sessionId;
    case 'allBut':
      return sessionId !== ended.sessionId;
  }
}

export type DomainEvent =
  | { channel: 'topic'; event: DomainTopicEvent }
  /** A socket.io `new_msg`: to everyone (userId null) or to one user's room. */
  | { channel: 'notice'; msg: NewMsg; userId: string | null }
  /**
   * Some of the user's sessions ended, after the commit that revoked them: the realtime connections
   * opened with those sessions close too (on every node), the user's other ones stay.
   */
  | { channel: 'disconnect'; userId: string; sessions: EndedSessions }
  /** The user changed their notification settings: the gateway (un)subscribes them from announcements. */
  | { channel: 'settings'; userId: string; announcements: boolean };

export type DomainEventListener = (event: DomainEvent) => void;

export class DomainEvents {
  private readonly listeners = new Set<DomainEventListener>();

  constructor(private readonly logger: Logger) {}

  publish(event: DomainEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, channel: event.channel }, 'domain event listener failed');
      }
    }
  }

  publishTopic(event: DomainTopicEvent): void {
    this.publish({ channel: 'topic', event });
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
