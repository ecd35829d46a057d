/**
 * GET /funding/methods for users; GET /admin/funding/methods for any operator; PUT (where users send
 * their money) for admins only, with a current two-factor code in the body.
 */
import {
  fundingMethodsResponseSchema,
  fundingSettingsResponseSchema,
  fundingSettingsUpdateRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import type { UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { AdminAuthService } from '../admin-auth/admin-auth.service.ts';
import type { FundingSettingsService } from './funding-settings.service.ts';

export function fundingSettingsRoutes(deps: {
  fundingSettings: FundingSettingsService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
  adminAuth: AdminAuthService;
}): FastifyPluginAsyncZod {
  const { fundingSettings, userGuard, operatorGuard, adminGuard, adminAuth } = deps;
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
      async () => fundingSettings.adminView(),
    );

    app.put(
      '/admin/funding/methods',
      {
        onRequest: adminGuard,
        schema: {
          ...admin,
          summary:
            'Replace the receiving bank accounts, deposit addresses and the card payment switch ' +
            "(admin role, with totpCode: a current code from the admin's authenticator app)",
          body: fundingSettingsUpdateRequestSchema,
          response: { 200: fundingSettingsResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const auth = requireOperator(request);
        const { totpCode, ...settings } = request.body;
        const updated = await fundingSettings.update(auth.operator.id, settings, () =>
          adminAuth.verifyStepUp(auth, totpCode),
        );
        return fundingSettings.adminView(updated);
      },
    );
  };
}
