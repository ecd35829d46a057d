/** /me: profile, real name, login password, payment password. */
import {
  changePasswordRequestSchema,
  meResponseSchema,
  okResponseSchema,
  patchMeRequestSchema,
  paymentPasswordRequestSchema,
  setRealNameRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import { perIpLimit } from '../../platform/rate-limit.ts';
import type { AccountsService } from './accounts.service.ts';

export function accountsRoutes(deps: {
  accounts: AccountsService;
  userGuard: UserGuard;
  authPerMinute: number;
}): FastifyPluginAsyncZod {
  const { accounts, userGuard } = deps;
  const tags = ['account'];
  const security = [{ bearer: [] }];
  // Routes that check a password get the tight auth limit: they must not become a guessing oracle.
  const passwordLimit = perIpLimit(deps.authPerMinute);

  return async (app) => {
    app.get(
      '/me',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My account',
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => accounts.me(requireUser(request)),
    );

    app.patch(
      '/me',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Change nickname or email (an empty email removes it)',
          body: patchMeRequestSchema,
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => accounts.update(requireUser(request), request.body),
    );

    app.put(
      '/me/real-name',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Set my real name, once (bank cards must be in this name)',
          body: setRealNameRequestSchema,
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => accounts.setRealName(requireUser(request), request.body.realName),
    );

    app.post(
      '/me/password',
      {
        onRequest: userGuard,
        config: passwordLimit,
        schema: {
          tags,
          security,
          summary: 'Change the login password; signs out every other session',
          body: changePasswordRequestSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await accounts.changePassword(requireUser(request), request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/me/payment-password',
      {
        onRequest: userGuard,
        config: passwordLimit,
        schema: {
          tags,
          security,
          summary: 'Set the 6-digit payment password (changing it needs the login password)',
          body: paymentPasswordRequestSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await accounts.setPaymentPassword(requireUser(request), request.body);
        return { ok: true as const };
      },
    );
  };
}
