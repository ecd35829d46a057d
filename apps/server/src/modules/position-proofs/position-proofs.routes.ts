/** A round's committed positions (public) and a position's inclusion proof (its owner). */
import { positionProofEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { sendSerialised } from '../../platform/serialised-answer.ts';
import type { PositionProofsService } from './position-proofs.service.ts';

export function positionProofRoutes(deps: { proofs: PositionProofsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, positionProofEndpoints.round, {
      // Bytes serialised once for every request that shares the round's set; the tests check them
      // against the declaration as they check every answer.
      handler: async (request, reply) =>
        sendSerialised(request, reply, await deps.proofs.round(request.params.id)),
    });
    route(app, positionProofEndpoints.position, {
      handler: async (request) => deps.proofs.position(requireUser(request).userId, request.params.id),
    });
  };
}
