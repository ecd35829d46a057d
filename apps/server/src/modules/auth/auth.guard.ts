/**
 * Guards for user routes: `Authorization: Bearer <token>` of a live user session, checked on request
 * (before the body is read, so an anonymous caller learns nothing about body rules). Operator tokens are
 * a different table and never pass here.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/tokens.ts';
import type { SessionsService, UserAuth } from './sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    userAuth: UserAuth | null;
  }
}

export type UserGuard = (request: FastifyRequest) => Promise<void>;

export function createUserGuard(sessions: SessionsService): UserGuard {
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
export function createOptionalUserGuard(sessions: SessionsService): UserGuard {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.userAuth = token ? await sessions.authenticate(token) : null;
  };
}
