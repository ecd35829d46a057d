/** /auth: captcha, register, login, logout, sessions, password reset. Thin: parse, call, map. */
import { authEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { accountKey } from '../../platform/account-key.ts';
import type { Config } from '../../platform/config.ts';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { afterResponse, clientMeta } from '../../platform/http.ts';
import { requestLocale } from '../../platform/i18n.ts';
import { perAccountLimiter, perIpLimit } from '../../platform/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionsService } from './sessions.service.ts';

export const TEST_CAPTCHA_HEADER = 'x-test-captcha-answer';

export interface AuthRoutesDeps {
  config: Config;
  auth: AuthService;
  captcha: CaptchaService;
  sessions: SessionsService;
  passwordReset: PasswordResetService;
}

export function authRoutes(deps: AuthRoutesDeps): FastifyPluginAsync {
  const { config, auth, captcha, sessions, passwordReset } = deps;
  const authLimit = perIpLimit(config.rateLimit.authPerMinute);

  return async (app) => {
    const loginPerAccount = perAccountLimiter(app, 'login', config.rateLimit.accountPerMinute, accountKey);
    const resetPerAccount = perAccountLimiter(
      app,
      'reset-code',
      config.rateLimit.accountPerMinute,
      accountKey,
    );

    route(app, authEndpoints.captcha, {
      config: perIpLimit(config.rateLimit.captchaPerMinute),
      handler: async (_request, reply) => {
        const issued = await captcha.issue();
        reply.header('cache-control', 'no-store');
        // Only a server started in test mode lets a test read the answer.
        if (config.testMode) reply.header(TEST_CAPTCHA_HEADER, issued.answer);
        return { captchaId: issued.captchaId, svg: issued.svg, expiresAt: issued.expiresAt };
      },
    });

    route(app, authEndpoints.register, {
      config: authLimit,
      handler: async (request) => auth.register(request.body),
    });

    route(app, authEndpoints.login, {
      config: authLimit,
      handler: async (request) => {
        await loginPerAccount(request);
        return auth.login(request.body, clientMeta(request));
      },
    });

    route(app, authEndpoints.logout, {
      handler: async (request) => {
        await sessions.revokeCurrent(requireUser(request));
        return { ok: true as const };
      },
    });

    route(app, authEndpoints.sessions, {
      handler: async (request) => ({ sessions: await sessions.list(requireUser(request)) }),
    });

    route(app, authEndpoints.revokeSession, {
      handler: async (request) => {
        await sessions.revoke(requireUser(request), request.params.id);
        return { ok: true as const };
      },
    });

    route(app, authEndpoints.passwordResetCode, {
      config: authLimit,
      handler: async (request, reply) => {
        await resetPerAccount(request);
        return passwordReset.requestCode(request.body.account, requestLocale(request), (work) =>
          afterResponse(reply, work),
        );
      },
    });

    route(app, authEndpoints.passwordReset, {
      config: authLimit,
      handler: async (request) => {
        await passwordReset.reset(request.body);
        return { ok: true as const };
      },
    });
  };
}
