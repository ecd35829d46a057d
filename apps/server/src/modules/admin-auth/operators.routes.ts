/**
 * GET /admin/operators (any operator); POST /admin/operators and POST /admin/operators/:id/totp/reset
 * (admin role, the reset with the admin's own current two-factor code).
 */
import {
  createOperatorRequestSchema,
  idField,
  operatorListSchema,
  resetOperatorTotpRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AdminAuthService } from './admin-auth.service.ts';
import type { OperatorsService } from './operators.service.ts';

const operatorItemSchema = operatorListSchema.shape.items.element;

export function operatorsRoutes(deps: {
  operators: OperatorsService;
  adminAuth: AdminAuthService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { operators, adminAuth, operatorGuard, adminGuard } = deps;
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

    app.post(
      '/admin/operators/:id/totp/reset',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary:
            "Turn another operator's two-factor off and end their sessions (admin role, with totpCode: " +
            "a current code of the admin's own authenticator); they enrol again after their next login",
          params: z.strictObject({ id: idField }),
          body: resetOperatorTotpRequestSchema,
          response: { 200: operatorItemSchema, ...errorResponses },
        },
      },
      async (request) => {
        const auth = requireOperator(request);
        return operators.resetTotp(auth.operator.id, request.params.id, request.body.reason, () =>
          adminAuth.verifyStepUp(auth, request.body.totpCode),
        );
      },
    );
  };
}
