/**
 * Which guard a route gets: the one its declaration's access fields ask for (packages/contracts,
 * `endpoint()`: `access`, and for operators `role` and `secondFactor`). The app installs the guards once,
 * at build, with the sessions they check; route() looks up each route's guard here, so no route file
 * names one and a route cannot be guarded otherwise than it is declared.
 */
import type { EndpointSpec } from '@tradehall/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createAdminGuard,
  createOperatorGuard,
  createTwoFactorGuard,
  createUserOrOperatorGuard,
  type OperatorSessions,
} from './operator-guard.ts';
import { createStepUpGuard, type StepUpCheck } from './step-up.ts';
import { createOptionalUserGuard, createUserGuard, type UserSessions } from './user-guard.ts';

/** Rejects a request by throwing an AppError, before its body is read. */
export type Guard = (request: FastifyRequest) => Promise<void>;

export interface AccessGuardsDeps {
  users: UserSessions;
  operators: OperatorSessions & StepUpCheck;
}

/** The guard a declaration asks for; null for a public endpoint. */
type AccessGuards = (spec: EndpointSpec) => Guard | null;

declare module 'fastify' {
  interface FastifyInstance {
    accessGuards: AccessGuards;
  }
}

/** Called once by the app, before any route: the request fields the guards fill and the guards. */
export function installAccessGuards(app: FastifyInstance, deps: AccessGuardsDeps): void {
  app.decorateRequest('userAuth', null);
  app.decorateRequest('operatorAuth', null);
  app.decorateRequest('stepUp', null);
  app.decorate('accessGuards', accessGuards(deps));
}

/** The guard of a route registered from `spec` (route() calls it at registration). */
export function guardOf(app: FastifyInstance, spec: EndpointSpec): Guard | null {
  if (spec.access === 'public') return null;
  if (!app.hasDecorator('accessGuards')) {
    throw new Error(
      `${spec.method} ${spec.path} is declared ${spec.access}: install the access guards first`,
    );
  }
  return app.accessGuards(spec);
}

function accessGuards(deps: AccessGuardsDeps): AccessGuards {
  const user = createUserGuard(deps.users);
  const optionalUser = createOptionalUserGuard(deps.users);
  const userOrOperator = createUserOrOperatorGuard(deps.operators, deps.users);
  const operator = createOperatorGuard(deps.operators, deps.users);
  const admin = createAdminGuard(operator);
  return (spec) => {
    switch (spec.access) {
      case 'public':
        return null;
      case 'optional':
        return optionalUser;
      case 'user':
        return user;
      case 'user-or-operator':
        return userOrOperator;
      case 'operator': {
        const ofRole = spec.role === 'admin' ? admin : operator;
        if (spec.secondFactor === 'enrolled') return createTwoFactorGuard(ofRole);
        if (spec.secondFactor === 'step-up') return createStepUpGuard(ofRole, deps.operators);
        return ofRole;
      }
    }
  };
}
