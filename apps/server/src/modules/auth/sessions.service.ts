/**
 * User sessions: an opaque random token for the client, its hash in the database. A token works until it
 * expires or is revoked (logout, revoke from the sessions list, a password change or reset).
 */
import type { SessionView } from '@tradehall/contracts';
import { addSeconds, type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ClientMeta } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export interface UserAuth {
  userId: string;
  sessionId: string;
  username: string;
}

/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export class SessionsService {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async create(userId: string, meta: ClientMeta): Promise<{ token: string; expiresAt: number }> {
    const now = this.clock.now();
    const token = newToken();
    const expiresAt = addSeconds(now, this.ttlSeconds);
    await this.repository.insert({
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
    const session = await this.repository.findByTokenHash(hashToken(token));
    const now = this.clock.now();
    if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now.getTime()) return null;
    if (session.status !== 'active') return null;
    if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
      await this.repository.touch(session.id, now);
    }
    return { userId: session.user_id, sessionId: session.id, username: session.username };
  }

  async list(auth: UserAuth): Promise<SessionView[]> {
    const rows = await this.repository.listLive(auth.userId, this.clock.now());
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
    const revoked = await this.repository.revokeOwned(sessionId, auth.userId, this.clock.now());
    if (!revoked) throw new AppError('NOT_FOUND');
  }

  async revokeCurrent(auth: UserAuth): Promise<void> {
    await this.repository.revokeOwned(auth.sessionId, auth.userId, this.clock.now());
  }

  async revokeOthers(auth: UserAuth): Promise<void> {
    await this.repository.revokeAllForUser(auth.userId, this.clock.now(), auth.sessionId);
  }

  async revokeAll(userId: string): Promise<void> {
    await this.repository.revokeAllForUser(userId, this.clock.now());
  }
}
