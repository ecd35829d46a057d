/**
 * User sessions: an opaque random token for the client, its hash in the database. A token works until it
 * expires or is revoked (logout, revoke from the sessions list, a password change or reset). Whatever
 * revokes sessions tells the realtime gateways after its commit (a `disconnect` event naming the ended
 * sessions), so no socket opened with one of them outlives it.
 */
import type { SessionView } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { ALL_SESSIONS, type DomainEvents, type EndedSessions, endsSession } from '../../platform/events.ts';
import type { UserAuth } from '../../platform/guards/user-guard.ts';
import type { ClientMeta } from '../../platform/http.ts';
import { type IssuedSession, issueSession } from '../../platform/session-issue.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Entries kept at most; the cache starts over beyond this (it only ever saves a query). */
const SESSION_CACHE_LIMIT = 10_000;

interface CachedSession {
  auth: UserAuth;
  /** When (by the clock, ms) the database last vouched for it. */
  checkedAt: number;
}

/** The console's view of a user's sessions: list them, end them all (in its own transaction). */
export type SessionStore = Pick<SessionsRepository, 'listLive' | 'revokeAllForUser'>;

export interface SessionsServiceDeps {
  db: Kysely<DB>;
  repository: SessionsRepository;
  /** Where the end of sessions is announced (the realtime gateways close their connections). */
  events: DomainEvents;
  clock: Clock;
  ttlSeconds: number;
  cacheMs?: number;
}

export class SessionsService {
  /** By token hash: sessions the database confirmed live within the last `cacheMs`. */
  readonly #cache = new Map<string, CachedSession>();

  constructor(private readonly deps: SessionsServiceDeps) {}

  create(userId: string, meta: ClientMeta): Promise<IssuedSession> {
    return issueSession({ clock: this.deps.clock, ttlSeconds: this.deps.ttlSeconds, meta }, (columns) =>
      this.deps.repository.insert(this.deps.db, userId, columns),
    );
  }

  /** The session behind a token, or null when it is unknown, revoked, expired or its user is frozen. */
  async authenticate(token: string | null): Promise<UserAuth | null> {
    if (!token) return null;
    const tokenHash = hashToken(token);
    const now = this.deps.clock.now();
    const cached = this.#cache.get(tokenHash);
    const age = cached ? now.getTime() - cached.checkedAt : Number.POSITIVE_INFINITY;
    if (cached && age >= 0 && age < (this.deps.cacheMs ?? 0) && cached.auth.expiresAt > now.getTime()) {
      return cached.auth;
    }
    this.#cache.delete(tokenHash);
    const session = await this.deps.repository.findByTokenHash(this.deps.db, tokenHash);
    if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now.getTime()) return null;
    if (session.status !== 'active') return null;
    if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
      await this.deps.repository.touch(this.deps.db, session.id, now);
    }
    const auth: UserAuth = {
      userId: session.user_id,
      sessionId: session.id,
      username: session.username,
      expiresAt: session.expires_at.getTime(),
    };
    if ((this.deps.cacheMs ?? 0) > 0) {
      if (this.#cache.size >= SESSION_CACHE_LIMIT) this.#cache.clear();
      this.#cache.set(tokenHash, { auth, checkedAt: now.getTime() });
    }
    return auth;
  }

  /**
   * Every session of the user was revoked by a transaction of another module (a freeze, a reset), now
   * committed: forget them here and close their realtime connections.
   */
  afterAllRevoked(userId: string): void {
    this.ended(userId, ALL_SESSIONS);
  }

  /**
   * Drops the cached sessions that ended. Also called by a realtime node when another node announces
   * ended sessions, so a socket cannot log in again with one of them from this node's cache.
   */
  forgetEnded(userId: string, sessions: EndedSessions): void {
    for (const [tokenHash, { auth }] of this.#cache) {
      if (auth.userId === userId && endsSession(sessions, auth.sessionId)) this.#cache.delete(tokenHash);
    }
  }

  /** After the commit: no cached copy survives on this node, and every node's sockets close. */
  private ended(userId: string, sessions: EndedSessions): void {
    this.forgetEnded(userId, sessions);
    this.deps.events.publish({ channel: 'disconnect', userId, sessions });
  }

  async list(auth: UserAuth): Promise<SessionView[]> {
    const rows = await this.deps.repository.listLive(this.deps.db, auth.userId, this.deps.clock.now());
    return rows.map((row) => ({
      id: row.id,
      createdAt: toUnixSeconds(row.created_at),
      lastSeenAt: toUnixSeconds(row.last_seen_at),
      expiresAt: toUnixSeconds(row.expires_at),
      userAgent: row.user_agent,
      ip: row.ip,
      current: row.id === auth.sessionId,
    }));
  }

  /** Another user's session id answers exactly like a made-up one: NOT_FOUND. */
  async revoke(auth: UserAuth, sessionId: string): Promise<void> {
    const revoked = await this.deps.repository.revokeOwned(
      this.deps.db,
      sessionId,
      auth.userId,
      this.deps.clock.now(),
    );
    // Nothing is announced for an id that is not the caller's live session: the socket.io room of a
    // session is found by its id alone, so announcing it would close someone else's.
    if (!revoked) throw new AppError('NOT_FOUND');
    this.ended(auth.userId, { kind: 'one', sessionId });
  }

  async revokeCurrent(auth: UserAuth): Promise<void> {
    await this.deps.repository.revokeOwned(this.deps.db, auth.sessionId, auth.userId, this.deps.clock.now());
    this.ended(auth.userId, { kind: 'one', sessionId: auth.sessionId });
  }

  async revokeOthers(auth: UserAuth): Promise<void> {
    await this.deps.repository.revokeAllForUser(
      this.deps.db,
      auth.userId,
      this.deps.clock.now(),
      auth.sessionId,
    );
    this.ended(auth.userId, { kind: 'allBut', sessionId: auth.sessionId });
  }

  async revokeAll(userId: string): Promise<void> {
    await this.deps.repository.revokeAllForUser(this.deps.db, userId, this.deps.clock.now());
    this.ended(userId, ALL_SESSIONS);
  }
}
