/**
 * Guards for user routes: `Authorization: Bearer <token>` of a live user session, checked on request
 * (before the body is read, so an anonymous caller learns nothing about body rules). Operator tokens are
 * a different table and never pass here.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { bearerToken } from '../tokens.ts';

/** Who a live user session belongs to. */
export interface UserAuth {
  userId: string;
  sessionId: string;
  username: string;
  /** When the session expires (ms since the epoch): realtime connections opened with it close then. */
  expiresAt: number;
}

/** What the guards need of the sessions: a bearer token's live session, or null. */
export interface UserSessions {
  authenticate(token: string | null): Promise<UserAuth | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    userAuth: UserAuth | null;
  }
}

export type UserGuard = (request: FastifyRequest) => Promise<void>;

export function createUserGuard(sessions: UserSessions): UserGuard {
  return async (request) => {
    const auth = await sessions.authenticate(bearerToken(request.headers.authorization));
    if (!auth) throw new AppError('UNAUTHENTICATED');
    request.userAuth = auth;
  };
}

/** The caller of a guarded route. */
export function requireUser(request: FastifyRequest): UserAuth {
  if (!request.userAuth) throw new AppError('UNAUTHENTICATED');
  return request.userAuth;
}

/**
 * For public routes that say more to a signed-in viewer (the rooms list): a valid bearer token sets
 * request.userAuth; a missing, unknown or expired one leaves the request anonymous, never refused.
 */
export function createOptionalUserGuard(sessions: UserSessions): UserGuard {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.userAuth = token ? await sessions.authenticate(token) : null;
  };
}
