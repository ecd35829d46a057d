/**
 * The routes of a kind of payout destination (bank cards, wallets): list mine, add one, remove one of
 * mine. The kinds differ only in their declarations and services, so the routes are written once here.
 */
import type { EndpointSpec, ParsedBody } from '@tradehall/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { type EndpointAnswer, route } from '../../platform/endpoint-route.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';

/** A removal by id in the path, answering `{ ok: true }`. */
type RemoveSpec = EndpointSpec & { readonly params: z.ZodType<{ id: string }> };

interface PayoutDestinationService<L extends EndpointSpec, C extends EndpointSpec> {
  list(userId: string): Promise<EndpointAnswer<L>>;
  add(userId: string, input: ParsedBody<C>): Promise<EndpointAnswer<C>>;
  /** Throws NOT_FOUND when the user has no such live destination. */
  remove(userId: string, id: string): Promise<void>;
}

export function payoutDestinationRoutes<L extends EndpointSpec, C extends EndpointSpec>(
  endpoints: { list: L; create: C; remove: RemoveSpec },
  deps: { service: PayoutDestinationService<L, C> },
): FastifyPluginAsync {
  const { service } = deps;
  return async (app) => {
    route(app, endpoints.list, {
      handler: async (request) => service.list(requireUser(request).userId),
    });
    route(app, endpoints.create, {
      // Fastify's request type cannot resolve a body type left generic; the declared schema parsed it.
      handler: async (request) => service.add(requireUser(request).userId, request.body as ParsedBody<C>),
    });
    route(app, endpoints.remove, {
      handler: async (request) => {
        await service.remove(requireUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    });
  };
}
