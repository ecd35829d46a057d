/** A round's committed positions (public) and a position's inclusion proof (its owner). */
import { positionProofEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { PositionProofsService } from './position-proofs.service.ts';

export function positionProofRoutes(deps: { proofs: PositionProofsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, positionProofEndpoints.round, {
      handler: async (request) => deps.proofs.round(request.params.id),
    });
    route(app, positionProofEndpoints.position, {
      handler: async (request) => deps.proofs.position(requireUser(request).userId, request.params.id),
    });
  };
}
