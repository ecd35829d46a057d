/**
 * Guard for /admin routes: a live operator session. A valid *user* token is recognised and refused
 * with 403 (the caller is someone, just not an operator); no token or a dead one is 401.
 */

import type { OperatorView } from '@tradehall/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { bearerToken } from '../tokens.ts';
import type { UserSessions } from './user-guard.ts';

/** Who a live operator session belongs to. */
export interface OperatorAuth {
  operator: OperatorView;
  sessionId: string;
  totpEnabled: boolean;
}

/** What the guard needs of the operator sessions: a bearer token's live session, or null. */
export interface OperatorSessions {
  authenticate(token: string | null): Promise<OperatorAuth | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    operatorAuth: OperatorAuth | null;
  }
}

export type OperatorGuard = (request: FastifyRequest) => Promise<void>;

export function createOperatorGuard(adminAuth: OperatorSessions, userSessions: UserSessions): OperatorGuard {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    const auth = await adminAuth.authenticate(token);
    if (auth) {
      request.operatorAuth = auth;
      return;
    }
    if (token && (await userSessions.authenticate(token))) throw new AppError('FORBIDDEN');
    throw new AppError('UNAUTHENTICATED');
  };
}

/**
 * Guard for `user-or-operator` routes (an uploaded image, for its owner or any operator): an operator's
 * session sets request.operatorAuth, else a user's sets request.userAuth; neither is 401.
 */
export function createUserOrOperatorGuard(
  operatorSessions: OperatorSessions,
  userSessions: UserSessions,
): OperatorGuard {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.operatorAuth = await operatorSessions.authenticate(token);
    if (request.operatorAuth) return;
    request.userAuth = await userSessions.authenticate(token);
    if (!request.userAuth) throw new AppError('UNAUTHENTICATED');
  };
}

/**
 * Guard for the routes declared `role: 'admin'`: the operator guard first (401/403 as usual), then
 * FORBIDDEN for an operator of any other role — before the body is even read.
 */
export function createAdminGuard(operatorGuard: OperatorGuard): OperatorGuard {
  return async (request) => {
    await operatorGuard(request);
    if (request.operatorAuth?.operator.role !== 'admin') throw new AppError('FORBIDDEN');
  };
}

export function requireOperator(request: FastifyRequest): OperatorAuth {
  if (!request.operatorAuth) throw new AppError('UNAUTHENTICATED');
  return request.operatorAuth;
}

/**
 * Guard for the routes declared `secondFactor: 'enrolled'`, the money decisions (approving, rejecting or
 * paying deposits and withdrawals): the operator guard first, then TWO_FACTOR_REQUIRED for an operator without two-factor authentication — a stolen
 * password alone must not be enough to move money. The console answers it with the enrolment flow.
 */
export function createTwoFactorGuard(operatorGuard: OperatorGuard): OperatorGuard {
  return async (request) => {
    await operatorGuard(request);
    if (request.operatorAuth?.totpEnabled !== true) throw new AppError('TWO_FACTOR_REQUIRED');
  };
}
