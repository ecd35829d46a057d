/**
 * Issuing a session, for users and operators alike: an opaque random token for the client, only its
 * sha256 in the row. The two kinds live in tables of their own (user routes never accept an operator's
 * session), so each repository inserts these columns into its own table beside its owner's id.
 */
import { addSeconds, type Clock, toUnixSeconds } from './clock.ts';
import type { ClientMeta } from './http.ts';
import { hashToken, newToken } from './tokens.ts';

/** A new session row, all but its owner's id: the columns `sessions` and `operator_sessions` share. */
export interface NewSessionColumns {
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: null;
  user_agent: string | null;
  ip: string | null;
}

/** What the client is given: the token and when it expires (unix seconds). */
export interface IssuedSession {
  token: string;
  expiresAt: number;
}

export async function issueSession(
  input: { clock: Clock; ttlSeconds: number; meta: ClientMeta },
  store: (columns: NewSessionColumns) => Promise<unknown>,
): Promise<IssuedSession> {
  const now = input.clock.now();
  const token = newToken();
  const expiresAt = addSeconds(now, input.ttlSeconds);
  await store({
    token_hash: hashToken(token),
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    user_agent: input.meta.userAgent,
    ip: input.meta.ip,
  });
  return { token, expiresAt: toUnixSeconds(expiresAt) };
}
