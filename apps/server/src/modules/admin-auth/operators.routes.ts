/** GET /admin/operators (any operator) and POST /admin/operators (admin role). */
import { createOperatorRequestSchema, operatorListSchema } from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http.ts';
import { type OperatorGuard, requireOperator } from './admin-auth.guard.ts';
import type { OperatorsService } from './operators.service.ts';

const operatorItemSchema = operatorListSchema.shape.items.element;

export function operatorsRoutes(deps: {
  operators: OperatorsService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { operators, operatorGuard, adminGuard } = deps;
  const tags = ['admin'];
  const security = [{ operatorBearer: [] }];
  return async (app) => {
    app.get(
      '/admin/operators',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Operator accounts, oldest first',
          response: { 200: operatorListSchema, ...errorResponses },
        },
      },
      async () => operators.list(),
    );

    app.post(
      '/admin/operators',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary: 'Create an operator account (admin role)',
          body: createOperatorRequestSchema,
          response: { 201: operatorItemSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const created = await operators.create(requireOperator(request).operator.id, request.body);
        return reply.status(201).send(created);
      },
    );
  };
}
