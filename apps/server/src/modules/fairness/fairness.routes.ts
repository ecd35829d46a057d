/** GET /fairness/rounds/:id: the public proof of a drawn round (NOT_FOUND until it is drawn). */
import { fairnessEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import type { FairnessService } from './fairness.service.ts';

export function fairnessRoutes(deps: { fairness: FairnessService }): FastifyPluginAsync {
  return async (app) => {
    route(app, fairnessEndpoints.proof, {
      handler: async (request) => deps.fairness.proof(request.params.id),
    });
  };
}
