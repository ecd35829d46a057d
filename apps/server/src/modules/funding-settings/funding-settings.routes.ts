/** GET /funding/methods for users; GET and PUT /admin/funding/methods for operators. */
import {
  fundingMethodsResponseSchema,
  fundingSettingsResponseSchema,
  fundingSettingsSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http.ts';
import { type OperatorGuard, requireOperator } from '../admin-auth/admin-auth.guard.ts';
import type { UserGuard } from '../auth/auth.guard.ts';
import type { FundingSettingsService } from './funding-settings.service.ts';

export function fundingSettingsRoutes(deps: {
  fundingSettings: FundingSettingsService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { fundingSettings, userGuard, operatorGuard } = deps;
  const admin = { tags: ['admin'], security: [{ operatorBearer: [] }] };
  return async (app) => {
    app.get(
      '/funding/methods',
      {
        onRequest: userGuard,
        schema: {
          tags: ['funding'],
          security: [{ bearer: [] }],
          summary: 'How to top up: receiving bank accounts, deposit addresses, card payment, limits',
          response: { 200: fundingMethodsResponseSchema, ...errorResponses },
        },
      },
      async () => fundingSettings.methods(),
    );

    app.get(
      '/admin/funding/methods',
      {
        onRequest: operatorGuard,
        schema: {
          ...admin,
          summary: 'The funding settings as configured',
          response: { 200: fundingSettingsResponseSchema, ...errorResponses },
        },
      },
      async () => fundingSettings.settings(),
    );

    app.put(
      '/admin/funding/methods',
      {
        onRequest: operatorGuard,
        schema: {
          ...admin,
          summary: 'Replace the receiving bank accounts, deposit addresses and the card payment switch',
          body: fundingSettingsSchema,
          response: { 200: fundingSettingsResponseSchema, ...errorResponses },
        },
      },
      async (request) => fundingSettings.update(requireOperator(request).operator.id, request.body),
    );
  };
}
