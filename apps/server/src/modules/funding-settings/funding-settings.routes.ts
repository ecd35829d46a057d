/**
 * GET /funding/methods for users; GET /admin/funding/methods for any operator; PUT (where users send
 * their money) for admins only, with a current two-factor code in the body.
 */
import { fundingSettingsEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireStepUp } from '../../platform/guards/step-up.ts';
import type { FundingSettingsService } from './funding-settings.service.ts';

export function fundingSettingsRoutes(deps: { fundingSettings: FundingSettingsService }): FastifyPluginAsync {
  const { fundingSettings } = deps;
  return async (app) => {
    route(app, fundingSettingsEndpoints.methods, {
      handler: async () => fundingSettings.methods(),
    });
    route(app, fundingSettingsEndpoints.adminGet, {
      handler: async () => fundingSettings.adminView(),
    });
    route(app, fundingSettingsEndpoints.adminUpdate, {
      handler: async (request) => {
        // The code is the step-up's (read by it from the body), not a setting.
        const { totpCode: _code, ...settings } = request.body;
        const operatorId = requireOperator(request).operator.id;
        const updated = await fundingSettings.update(operatorId, settings, requireStepUp(request));
        return fundingSettings.adminView(updated);
      },
    });
  };
}
