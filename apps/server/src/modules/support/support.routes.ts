/**
 * /support/messages (a user's conversation with the operators) and /admin/support/threads (operators
 * read and answer). Text is stored and returned as given: plain text that clients show as text. A user can
 * also share a location (/support/messages/location): a point in range with a short name and address.
 */
import { adminSupportEndpoints, supportEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import type { SupportService } from './support.service.ts';

export interface SupportRoutesDeps {
  support: SupportService;
}

export function supportRoutes(deps: SupportRoutesDeps): FastifyPluginAsync {
  const { support } = deps;
  return async (app) => {
    route(app, supportEndpoints.list, {
      handler: async (request) => support.list(requireUser(request).userId, request.query),
    });
    route(app, supportEndpoints.send, {
      handler: async (request) => support.send(requireUser(request).userId, request.body),
    });
    route(app, supportEndpoints.shareLocation, {
      handler: async (request) => support.shareLocation(requireUser(request).userId, request.body),
    });

    route(app, adminSupportEndpoints.threads, {
      handler: async (request) => support.listThreads(request.query),
    });
    route(app, adminSupportEndpoints.messages, {
      handler: async (request) => support.listForOperator(request.params.userId, request.query),
    });
    route(app, adminSupportEndpoints.reply, {
      handler: async (request) =>
        support.reply(requireOperator(request).operator.id, request.params.userId, request.body),
    });
  };
}
