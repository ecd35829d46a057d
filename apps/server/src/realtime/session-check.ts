/**
 * What the gateways know of a connection's session, and how they check it without missing its end.
 *
 * A connection is indexed by its session (so a `disconnect` event naming that session finds it) only
 * once the session lookup has answered. An end announced while the lookup was in flight would find
 * nothing to close, and the connection would live on with a session that is over. So each node counts
 * the ends it hears of (its own and, through the relay, other nodes'), and a lookup during which one was
 * heard is made again: the node that revoked has already dropped the session from its cache, and a
 * realtime node drops another node's ended sessions from its cache when the relay brings the news.
 */
import type { EndedSessions } from '../platform/events.ts';

/** The session a connection authenticated with. */
export interface RealtimeSession {
  userId: string;
  sessionId: string;
  /** Ms since the epoch; the connection is closed at the first sweep after it. */
  expiresAt: number;
}

export interface SessionAuthenticator {
  /** The session behind a token, or null when it is not a live session. */
  authenticate(token: string): Promise<RealtimeSession | null>;
  /** Drops cached copies of sessions another node announced as ended (when there is a cache). */
  forgetEnded?(userId: string, sessions: EndedSessions): void;
}

/** How many session ends this node has heard of. */
export class SessionEndings {
  #heard = 0;

  heard(): void {
    this.#heard += 1;
  }

  mark(): number {
    return this.#heard;
  }

  /** Whether an end was heard since the mark was taken. */
  since(mark: number): boolean {
    return this.#heard !== mark;
  }
}

/**
 * The session behind a token, asked again as long as an end was heard during the asking. The caller
 * indexes the connection right after, with no await in between, so every later end finds it.
 */
export async function checkSession(
  sessions: SessionAuthenticator,
  endings: SessionEndings,
  token: string,
): Promise<RealtimeSession | null> {
  for (;;) {
    const mark = endings.mark();
    const session = await sessions.authenticate(token);
    if (!session || !endings.since(mark)) return session;
  }
}
