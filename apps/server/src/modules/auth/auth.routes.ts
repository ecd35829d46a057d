/** /auth: captcha, register, login, logout, sessions, password reset. Thin: parse, call, map. */
import {
  captchaResponseSchema,
  GENERIC_VALIDATION_KEYS,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  passwordResetCodeRequestSchema,
  passwordResetCodeResponseSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionsResponseSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountKey } from '../../platform/account-key.ts';
import type { Config } from '../../platform/config.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { afterResponse, clientMeta, errorResponses } from '../../platform/http.ts';
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
  userGuard: UserGuard;
}

export function authRoutes(deps: AuthRoutesDeps): FastifyPluginAsyncZod {
  const { config, auth, captcha, sessions, passwordReset, userGuard } = deps;
  const authLimit = perIpLimit(config.rateLimit.authPerMinute);
  const tags = ['auth'];

  return async (app) => {
    const loginPerAccount = perAccountLimiter(app, 'login', config.rateLimit.accountPerMinute, accountKey);
    const resetPerAccount = perAccountLimiter(
      app,
      'reset-code',
      config.rateLimit.accountPerMinute,
      accountKey,
    );

    app.get(
      '/auth/captcha',
      {
        config: perIpLimit(config.rateLimit.captchaPerMinute),
        schema: {
          tags,
          summary: 'A new image captcha (single use, expires in 2 minutes)',
          response: { 200: captchaResponseSchema, ...errorResponses },
        },
      },
      async (_request, reply) => {
        const issued = await captcha.issue();
        reply.header('cache-control', 'no-store');
        // Only a server started in test mode lets a test read the answer.
        if (config.testMode) reply.header(TEST_CAPTCHA_HEADER, issued.answer);
        return { captchaId: issued.captchaId, svg: issued.svg, expiresAt: issued.expiresAt };
      },
    );

    app.post(
      '/auth/register',
      {
        config: authLimit,
        schema: {
          tags,
          summary: 'Register with an invitation code',
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await auth.register(request.body);
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/auth/login',
      {
        config: authLimit,
        schema: {
          tags,
          summary: 'Log in with account, password and captcha',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await loginPerAccount(request);
        return auth.login(request.body, clientMeta(request));
      },
    );

    app.post(
      '/auth/logout',
      {
        onRequest: userGuard,
        schema: {
          tags,
          summary: 'Revoke the current session',
          security: [{ bearer: [] }],
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await sessions.revokeCurrent(requireUser(request));
        return { ok: true as const };
      },
    );

    app.get(
      '/auth/sessions',
      {
        onRequest: userGuard,
        schema: {
          tags,
          summary: 'Live sessions of the current user',
          security: [{ bearer: [] }],
          response: { 200: sessionsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ sessions: await sessions.list(requireUser(request)) }),
    );

    app.delete(
      '/auth/sessions/:id',
      {
        onRequest: userGuard,
        schema: {
          tags,
          summary: 'Revoke one of your sessions',
          security: [{ bearer: [] }],
          params: z.strictObject({ id: z.uuid({ message: GENERIC_VALIDATION_KEYS.invalidValue }) }),
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await sessions.revoke(requireUser(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/password-reset/code',
      {
        config: authLimit,
        schema: {
          tags,
          summary: 'Email a 6-digit reset code (same answer whether or not the account exists)',
          body: passwordResetCodeRequestSchema,
          response: { 200: passwordResetCodeResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await resetPerAccount(request);
        return passwordReset.requestCode(request.body.account, requestLocale(request), (work) =>
          afterResponse(reply, work),
        );
      },
    );

    app.post(
      '/auth/password-reset',
      {
        config: authLimit,
        schema: {
          tags,
          summary: 'Set a new password with the emailed code; revokes every session',
          body: passwordResetRequestSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await passwordReset.reset(request.body);
        return { ok: true as const };
      },
    );
  };
}
