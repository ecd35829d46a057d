/** /admin/auth and /admin/me: console login only (the console's other pages arrive with later issues). */
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  okResponseSchema,
  operatorSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMeta, errorResponses } from '../../platform/http.ts';
import { perAccountLimiter, perIpLimit } from '../../platform/rate-limit.ts';
import { accountKey } from '../auth/account-key.ts';
import { type OperatorGuard, requireOperator } from './admin-auth.guard.ts';
import type { AdminAuthService } from './admin-auth.service.ts';

export function adminAuthRoutes(deps: {
  adminAuth: AdminAuthService;
  operatorGuard: OperatorGuard;
  authPerMinute: number;
  accountPerMinute: number;
}): FastifyPluginAsyncZod {
  const { adminAuth, operatorGuard } = deps;
  const tags = ['admin'];
  const security = [{ operatorBearer: [] }];

  return async (app) => {
    const perAccount = perAccountLimiter(app, 'admin-login', deps.accountPerMinute, accountKey);

    app.post(
      '/admin/auth/login',
      {
        config: perIpLimit(deps.authPerMinute),
        schema: {
          tags,
          summary: 'Operator login (captcha from GET /auth/captcha)',
          body: adminLoginRequestSchema,
          response: { 200: adminLoginResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await perAccount(request);
        return adminAuth.login(request.body, clientMeta(request));
      },
    );

    app.post(
      '/admin/auth/logout',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Revoke the current operator session',
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await adminAuth.logout(requireOperator(request));
        return { ok: true as const };
      },
    );

    app.get(
      '/admin/me',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'The signed-in operator',
          response: { 200: operatorSchema, ...errorResponses },
        },
      },
      async (request) => requireOperator(request).operator,
    );
  };
}
