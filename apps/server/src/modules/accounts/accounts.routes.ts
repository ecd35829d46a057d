/** /me: profile, real name, login password, payment password. */
import { accountEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { perIpLimit } from '../../platform/rate-limit.ts';
import type { AccountsService } from './accounts.service.ts';

export function accountsRoutes(deps: {
  accounts: AccountsService;
  authPerMinute: number;
}): FastifyPluginAsync {
  const { accounts } = deps;
  // Routes that check a password get the tight auth limit: they must not become a guessing oracle.
  const passwordLimit = perIpLimit(deps.authPerMinute);

  return async (app) => {
    route(app, accountEndpoints.me, {
      // The answer is the MeResponse toMe() builds field by field, so it is serialized as it is:
      // re-checking it against the schema was about a tenth of the server's CPU time per /me, the
      // hottest read of a signed-in app. Tests still check every answer against the declaration.
      uncheckedAnswer: true,
      handler: async (request) => accounts.me(requireUser(request)),
    });

    route(app, accountEndpoints.update, {
      handler: async (request) => accounts.update(requireUser(request), request.body),
    });

    route(app, accountEndpoints.setRealName, {
      handler: async (request) => accounts.setRealName(requireUser(request), request.body.realName),
    });

    route(app, accountEndpoints.changePassword, {
      config: passwordLimit,
      handler: async (request) => {
        await accounts.changePassword(requireUser(request), request.body);
        return { ok: true as const };
      },
    });

    route(app, accountEndpoints.setPaymentPassword, {
      config: passwordLimit,
      handler: async (request) => {
        await accounts.setPaymentPassword(requireUser(request), request.body);
        return { ok: true as const };
      },
    });
  };
}
