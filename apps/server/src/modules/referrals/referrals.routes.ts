/**
 * The team page (signed-in users) and the console's referral screens: any operator reads, admins change
 * the programme and overrides with a current two-factor code (step-up), as the funding settings do.
 */
import { referralEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireStepUp } from '../../platform/guards/step-up.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { ReferralsService } from './referrals.service.ts';

export function referralsRoutes(deps: { referrals: ReferralsService }): FastifyPluginAsync {
  const { referrals } = deps;
  return async (app) => {
    route(app, referralEndpoints.team, {
      handler: async (request) => referrals.team(requireUser(request).userId),
    });
    route(app, referralEndpoints.invitees, {
      handler: async (request) => referrals.invitees(requireUser(request).userId, request.query),
    });
    route(app, referralEndpoints.rewards, {
      handler: async (request) => referrals.rewards(requireUser(request).userId),
    });
    route(app, referralEndpoints.adminProgramme, {
      handler: async () => referrals.rule(),
    });
    route(app, referralEndpoints.adminUpdateProgramme, {
      handler: async (request) => {
        const { totpCode: _code, ...programme } = request.body;
        const operatorId = requireOperator(request).operator.id;
        return referrals.updateProgramme(operatorId, programme, requireStepUp(request));
      },
    });
    route(app, referralEndpoints.adminTree, {
      handler: async (request) => referrals.tree(request.params.id),
    });
    route(app, referralEndpoints.adminOverride, {
      handler: async (request) => {
        const { totpCode: _code, ...override } = request.body;
        const operatorId = requireOperator(request).operator.id;
        return referrals.setOverride(operatorId, request.params.id, override, requireStepUp(request));
      },
    });
    route(app, referralEndpoints.adminReport, {
      handler: async (request) => referrals.report(request.query.from, request.query.to),
    });
  };
}
