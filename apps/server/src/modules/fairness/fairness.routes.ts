/** GET /fairness/rounds/:id: the public proof of a drawn round (NOT_FOUND until it is drawn). */
import { fairnessProofSchema, idField } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http.ts';
import type { FairnessService } from './fairness.service.ts';

export function fairnessRoutes(deps: { fairness: FairnessService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/fairness/rounds/:id',
      {
        schema: {
          tags: ['trading'],
          summary:
            'Everything needed to verify a drawn round offline: issue, salt, revealed hash, the hash it ' +
            'links to, the chain’s terminal hash and the digits (docs/fairness/README.md)',
          params: z.strictObject({ id: idField }),
          response: { 200: fairnessProofSchema, ...errorResponses },
        },
      },
      async (request) => deps.fairness.proof(request.params.id),
    );
  };
}
