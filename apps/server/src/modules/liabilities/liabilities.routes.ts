/**
 * The proof of liabilities: the overview, the key and the history (public), the signed-in user's proof,
 * and the console's list, "take a snapshot now" (admin) and reserves statement (admin, step-up).
 */
import { liabilitiesEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireStepUp } from '../../platform/guards/step-up.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { LiabilitiesService } from './liabilities.service.ts';

export function liabilitiesRoutes(deps: { liabilities: LiabilitiesService }): FastifyPluginAsync {
  const { liabilities } = deps;
  return async (app) => {
    route(app, liabilitiesEndpoints.overview, { handler: async () => liabilities.overview() });
    route(app, liabilitiesEndpoints.publicKey, {
      handler: async () => ({ algorithm: 'ed25519' as const, publicKey: liabilities.publicKey }),
    });
    route(app, liabilitiesEndpoints.history, {
      handler: async (request) => liabilities.history(request.query),
    });
    route(app, liabilitiesEndpoints.myProof, {
      handler: async (request) => liabilities.proof(requireUser(request).userId, request.params.id),
    });
    route(app, liabilitiesEndpoints.adminHistory, {
      handler: async (request) => liabilities.history(request.query),
    });
    route(app, liabilitiesEndpoints.adminTake, {
      handler: async (request) => liabilities.take('operator', requireOperator(request).operator.id),
    });
    route(app, liabilitiesEndpoints.adminReserves, {
      handler: async (request) => {
        const { totpCode: _code, ...statement } = request.body;
        return liabilities.stateReserves(
          requireOperator(request).operator.id,
          statement,
          requireStepUp(request),
        );
      },
    });
  };
}
