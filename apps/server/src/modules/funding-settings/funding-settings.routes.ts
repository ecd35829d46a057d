/**
 * GET /funding/methods for users; GET /admin/funding/methods for any operator; PUT (where users send
 * their money) for admins only, with a current two-factor code in the body.
 */
import { fundingSettingsEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import type { UserGuard } from '../../platform/guards/user-guard.ts';
import type { AdminAuthService } from '../admin-auth/admin-auth.service.ts';
import type { FundingSettingsService } from './funding-settings.service.ts';

export function fundingSettingsRoutes(deps: {
  fundingSettings: FundingSettingsService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
  adminAuth: AdminAuthService;
}): FastifyPluginAsync {
  const { fundingSettings, userGuard, operatorGuard, adminGuard, adminAuth } = deps;
  return async (app) => {
    route(app, fundingSettingsEndpoints.methods, {
      onRequest: userGuard,
      handler: async () => fundingSettings.methods(),
    });
    route(app, fundingSettingsEndpoints.adminGet, {
      onRequest: operatorGuard,
      handler: async () => fundingSettings.adminView(),
    });
    route(app, fundingSettingsEndpoints.adminUpdate, {
      onRequest: adminGuard,
      handler: async (request) => {
        const auth = requireOperator(request);
        const { totpCode, ...settings } = request.body;
        const updated = await fundingSettings.update(auth.operator.id, settings, () =>
          adminAuth.verifyStepUp(auth, totpCode),
        );
        return fundingSettings.adminView(updated);
      },
    });
  };
}
