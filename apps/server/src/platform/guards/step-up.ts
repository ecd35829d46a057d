/**
 * Step-up, for operator endpoints declared `secondFactor: 'step-up'` (where users send their money,
 * another operator's second factor): besides the session, a current code of the operator's own second
 * factor, sent as the body's `totpCode`. The guard hands the route the check bound to the operator and
 * the body; the endpoint's rules run it once the rest of the input is known to be valid, so a typo
 * elsewhere does not use up the code.
 */
import type { FastifyRequest } from 'fastify';
import { type OperatorAuth, type OperatorGuard, requireOperator } from './operator-guard.ts';

/** The check itself, which the operator sessions own (the secret, the lockout counter). */
export interface StepUpCheck {
  /** TOTP_REQUIRED without two-factor or without a code; TOTP_INVALID, counted, for a wrong one. */
  verifyStepUp(auth: OperatorAuth, code: string | undefined): Promise<void>;
}

/** A step-up check ready to run: the operator and the code are the request's. */
export type StepUp = () => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    stepUp: StepUp | null;
  }
}

export function createStepUpGuard(operatorGuard: OperatorGuard, check: StepUpCheck): OperatorGuard {
  return async (request) => {
    await operatorGuard(request);
    const auth = requireOperator(request);
    // Read when run: the body is parsed after this guard, before the handler that runs the check.
    request.stepUp = () => check.verifyStepUp(auth, totpCodeOf(request.body));
  };
}

/** The step-up check of a route declared with one; on any other route asking for it is a bug. */
export function requireStepUp(request: FastifyRequest): StepUp {
  if (!request.stepUp) throw new Error(`${request.method} ${request.url} is not declared with a step-up`);
  return request.stepUp;
}

/** endpoint() holds a step-up declaration's body to a `totpCode` field; the schema has checked its form. */
function totpCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('totpCode' in body)) return undefined;
  return typeof body.totpCode === 'string' ? body.totpCode : undefined;
}
