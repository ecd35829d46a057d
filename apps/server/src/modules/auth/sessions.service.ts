/**
 * User sessions: an opaque random token for the client, its hash in the database. A token works until it
 * expires or is revoked (logout, revoke from the sessions list, a password change or reset).
 */
import type { SessionView } from '@tradehall/contracts';
import { addSeconds, type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserAuth } from '../../platform/guards/user-guard.ts';
import type { ClientMeta } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Entries kept at most; the cache starts over beyond this (it only ever saves a query). */
const SESSION_CACHE_LIMIT = 10_000;

interface CachedSession {
  auth: UserAuth;
  expiresAt: number;
  /** When (by the clock, ms) the database last vouched for it. */
  checkedAt: number;
}

/** The console's view of a user's sessions: list them, end them all (in its own transaction). */
export type SessionStore = Pick<SessionsRepository, 'listLive' | 'revokeAllForUser'>;

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  clock: Clock;
  ttlSeconds: number;
  cacheMs?: number;
}

export class SessionsService {
  /** By token hash: sessions the database confirmed live within the last `cacheMs`. */
  readonly #cache = new Map<string, CachedSession>();

  constructor(private readonly deps: SessionsServiceDeps) {}

  async create(userId: string, meta: ClientMeta): Promise<{ token: string; expiresAt: number }> {
    const now = this.deps.clock.now();
    const token = newToken();
    const expiresAt = addSeconds(now, this.deps.ttlSeconds);
    await this.deps.repository.insert({
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt,
      userAgent: meta.userAgent,
      ip: meta.ip,
    });
    return { token, expiresAt: toUnixSeconds(expiresAt) };
  }

  /** The session behind a token, or null when it is unknown, revoked, expired or its user is frozen. */
  async authenticate(token: string | null): Promise<UserAuth | null> {
    if (!token) return null;
    const tokenHash = hashToken(token);
    const now = this.deps.clock.now();
    const cached = this.#cache.get(tokenHash);
    const age = cached ? now.getTime() - cached.checkedAt : Number.POSITIVE_INFINITY;
    if (cached && age >= 0 && age < (this.deps.cacheMs ?? 0) && cached.expiresAt > now.getTime()) {
      return cached.auth;
    }
    this.#cache.delete(tokenHash);
    const session = await this.deps.repository.findByTokenHash(tokenHash);
    if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now.getTime()) return null;
    if (session.status !== 'active') return null;
    if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
      await this.deps.repository.touch(session.id, now);
    }
    const auth = { userId: session.user_id, sessionId: session.id, username: session.username };
    if ((this.deps.cacheMs ?? 0) > 0) {
      if (this.#cache.size >= SESSION_CACHE_LIMIT) this.#cache.clear();
      this.#cache.set(tokenHash, { auth, expiresAt: session.expires_at.getTime(), checkedAt: now.getTime() });
    }
    return auth;
  }

  /** Forgets every cached session of a user whose sessions were revoked elsewhere on this node. */
  forgetUser(userId: string): void {
    this.forget((cached) => cached.userId === userId);
  }

  /** Drops cached sessions a revocation on this node ended (by session, or every one of a user). */
  private forget(match: (auth: UserAuth) => boolean): void {
    for (const [tokenHash, entry] of this.#cache) if (match(entry.auth)) this.#cache.delete(tokenHash);
  }

  async list(auth: UserAuth): Promise<SessionView[]> {
    const rows = await this.deps.repository.listLive(auth.userId, this.deps.clock.now());
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
    const revoked = await this.deps.repository.revokeOwned(sessionId, auth.userId, this.deps.clock.now());
    this.forget((cached) => cached.sessionId === sessionId);
    if (!revoked) throw new AppError('NOT_FOUND');
  }

  async revokeCurrent(auth: UserAuth): Promise<void> {
    await this.deps.repository.revokeOwned(auth.sessionId, auth.userId, this.deps.clock.now());
    this.forget((cached) => cached.sessionId === auth.sessionId);
  }

  async revokeOthers(auth: UserAuth): Promise<void> {
    await this.deps.repository.revokeAllForUser(auth.userId, this.deps.clock.now(), auth.sessionId);
    this.forget((cached) => cached.userId === auth.userId && cached.sessionId !== auth.sessionId);
  }

  async revokeAll(userId: string): Promise<void> {
    await this.deps.repository.revokeAllForUser(userId, this.deps.clock.now());
    this.forget((cached) => cached.userId === userId);
  }
}
