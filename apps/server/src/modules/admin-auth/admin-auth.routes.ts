/**
 * /admin/auth and /admin/me: console login and logout, who is signed in, two-factor enrolment (replacing
 * an active second factor needs a current code of it).
 */
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  okResponseSchema,
  operatorProfileSchema,
  totpConfirmRequestSchema,
  totpEnrolmentSchema,
  totpEnrolRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountKey } from '../../platform/account-key.ts';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import { clientMeta, errorResponses } from '../../platform/http.ts';
import { perAccountLimiter, perIpLimit } from '../../platform/rate-limit.ts';
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
          summary: 'Operator login (captcha from GET /auth/captcha; totpCode once two-factor is on)',
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
          summary: 'The signed-in operator, whether two-factor is on, and the console idle timeout',
          response: { 200: operatorProfileSchema, ...errorResponses },
        },
      },
      async (request) => adminAuth.profile(requireOperator(request)),
    );

    app.post(
      '/admin/auth/totp/enrol',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary:
            'Start two-factor enrolment: a new secret and its otpauth:// URL (inactive until confirmed); ' +
            'once two-factor is on, only with totpCode, a current code of the active secret',
          // A first enrolment has nothing to send, and older clients send no body at all (which Fastify
          // validates as null).
          body: totpEnrolRequestSchema.nullish(),
          response: { 200: totpEnrolmentSchema, ...errorResponses },
        },
      },
      async (request) => adminAuth.enrolTotp(requireOperator(request), request.body?.totpCode),
    );

    app.post(
      '/admin/auth/totp/confirm',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Confirm enrolment with a code from the app: from now on login needs a code',
          body: totpConfirmRequestSchema,
          response: { 200: operatorProfileSchema, ...errorResponses },
        },
      },
      async (request) => adminAuth.confirmTotp(requireOperator(request), request.body.code),
    );
  };
}
