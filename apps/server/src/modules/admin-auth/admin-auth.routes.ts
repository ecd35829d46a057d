/**
 * /admin/auth and /admin/me: console login and logout, who is signed in, two-factor enrolment (replacing
 * an active second factor needs a current code of it).
 */
import { adminAuthEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { accountKey } from '../../platform/account-key.ts';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { clientMeta } from '../../platform/http.ts';
import { perAccountLimiter, perIpLimit } from '../../platform/rate-limit.ts';
import type { AdminAuthService } from './admin-auth.service.ts';

export function adminAuthRoutes(deps: {
  adminAuth: AdminAuthService;
  authPerMinute: number;
  accountPerMinute: number;
}): FastifyPluginAsync {
  const { adminAuth } = deps;

  return async (app) => {
    const perAccount = perAccountLimiter(app, 'admin-login', deps.accountPerMinute, accountKey);

    route(app, adminAuthEndpoints.login, {
      config: perIpLimit(deps.authPerMinute),
      handler: async (request) => {
        await perAccount(request);
        return adminAuth.login(request.body, clientMeta(request));
      },
    });

    route(app, adminAuthEndpoints.logout, {
      handler: async (request) => {
        await adminAuth.logout(requireOperator(request));
        return { ok: true as const };
      },
    });

    route(app, adminAuthEndpoints.me, {
      handler: async (request) => adminAuth.profile(requireOperator(request)),
    });

    route(app, adminAuthEndpoints.enrolTotp, {
      handler: async (request) => adminAuth.enrolTotp(requireOperator(request), request.body?.totpCode),
    });

    route(app, adminAuthEndpoints.confirmTotp, {
      handler: async (request) => adminAuth.confirmTotp(requireOperator(request), request.body.code),
    });
  };
}
