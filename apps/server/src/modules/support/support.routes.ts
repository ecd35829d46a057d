/**
 * /support/messages (a user's conversation with the operators) and /admin/support/threads (operators
 * read and answer). Text is stored and returned as given: plain text that clients show as text. A user can
 * also share a location (/support/messages/location): a point in range with a short name and address.
 */
import {
  pageQuerySchema,
  supportLocationRequestSchema,
  supportMessagePageSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportThreadPageSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import type { SupportService } from './support.service.ts';

export interface SupportRoutesDeps {
  support: SupportService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}

const userParams = z.strictObject({ userId: z.uuid() });

export function supportRoutes(deps: SupportRoutesDeps): FastifyPluginAsyncZod {
  const { support, userGuard, operatorGuard } = deps;
  const tags = ['support'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/support/messages',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My conversation with customer service, newest first',
          querystring: pageQuerySchema,
          response: { 200: supportMessagePageSchema, ...errorResponses },
        },
      },
      async (request) => support.list(requireUser(request).userId, request.query),
    );

    app.post(
      '/support/messages',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary:
            'Write to customer service; a retry with the same idempotency key returns the first message',
          body: supportMessageRequestSchema,
          response: { 201: supportMessageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const message = await support.send(requireUser(request).userId, request.body);
        return reply.status(201).send(message);
      },
    );

    app.post(
      '/support/messages/location',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary:
            'Share a location with customer service (latitude -90..90, longitude -180..180, optional name ' +
            'and address); a retry with the same idempotency key returns the first message',
          body: supportLocationRequestSchema,
          response: { 201: supportMessageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const message = await support.shareLocation(requireUser(request).userId, request.body);
        return reply.status(201).send(message);
      },
    );

    const adminTags = ['admin'];
    const adminSecurity = [{ operatorBearer: [] }];

    app.get(
      '/admin/support/threads',
      {
        onRequest: operatorGuard,
        schema: {
          tags: adminTags,
          security: adminSecurity,
          summary:
            'Users with a customer-service conversation, latest activity first, with how many of their ' +
            'messages await an answer',
          querystring: pageQuerySchema,
          response: { 200: supportThreadPageSchema, ...errorResponses },
        },
      },
      async (request) => support.listThreads(request.query),
    );

    app.get(
      '/admin/support/threads/:userId/messages',
      {
        onRequest: operatorGuard,
        schema: {
          tags: adminTags,
          security: adminSecurity,
          summary: "A user's customer-service conversation, newest first",
          params: userParams,
          querystring: pageQuerySchema,
          response: { 200: supportMessagePageSchema, ...errorResponses },
        },
      },
      async (request) => support.listForOperator(request.params.userId, request.query),
    );

    app.post(
      '/admin/support/threads/:userId/messages',
      {
        onRequest: operatorGuard,
        schema: {
          tags: adminTags,
          security: adminSecurity,
          summary: 'Answer a user: stored, audited, and pushed to the user as a personal notice',
          params: userParams,
          body: supportMessageRequestSchema,
          response: { 201: supportMessageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const message = await support.reply(
          requireOperator(request).operator.id,
          request.params.userId,
          request.body,
        );
        return reply.status(201).send(message);
      },
    );
  };
}
