/**
 * /notifications and /notification-settings (a user's own) and /admin/notifications (operators send and
 * list). Text is stored and returned as given: plain text that clients show as text, never as HTML.
 */
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSettingsSchema,
  pageQuerySchema,
  sendNotificationRequestSchema,
  sentNotificationPageSchema,
  sentNotificationSchema,
  unreadCountSchema,
  updateNotificationSettingsSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireUser, type UserGuard } from '../../platform/guards/user-guard.ts';
import { errorResponses } from '../../platform/http.ts';
import { requestLocale } from '../../platform/i18n.ts';
import type { NotificationsService } from './notifications.service.ts';

export interface NotificationsRoutesDeps {
  notifications: NotificationsService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}

const idParams = z.strictObject({ id: z.uuid() });
const noContent = z.null().describe('No content');

export function notificationsRoutes(deps: NotificationsRoutesDeps): FastifyPluginAsyncZod {
  const { notifications, userGuard, operatorGuard } = deps;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/notifications',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary:
            'My notifications, newest first: announcements and those addressed to me (scope=all), or only ' +
            'mine (scope=personal); system notifications in my language; with my unread count',
          querystring: notificationListQuerySchema,
          response: { 200: notificationPageSchema, ...errorResponses },
        },
      },
      async (request) =>
        notifications.list(requireUser(request).userId, request.query, requestLocale(request)),
    );

    app.get(
      '/notifications/unread-count',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'How many of my notifications I have not read',
          response: { 200: unreadCountSchema, ...errorResponses },
        },
      },
      async (request) => notifications.unreadCount(requireUser(request).userId, requestLocale(request)),
    );

    app.post(
      '/notifications/:id/read',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Mark one of my notifications read (one I cannot see is not found)',
          params: idParams,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await notifications.markRead(requireUser(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/notifications/read-all',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Mark everything I can see now read; later notifications arrive unread',
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await notifications.markAllRead(requireUser(request).userId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/notification-settings',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'My notification settings: announcements, round results, funding updates',
          response: { 200: notificationSettingsSchema, ...errorResponses },
        },
      },
      async (request) => notifications.settings(requireUser(request).userId, requestLocale(request)),
    );

    app.put(
      '/notification-settings',
      {
        onRequest: userGuard,
        schema: {
          tags,
          security,
          summary: 'Change some of my notification settings; the server honours them from the next push',
          body: updateNotificationSettingsSchema,
          response: { 200: notificationSettingsSchema, ...errorResponses },
        },
      },
      async (request) =>
        notifications.updateSettings(requireUser(request).userId, request.body, requestLocale(request)),
    );

    const adminTags = ['admin'];
    const adminSecurity = [{ operatorBearer: [] }];

    app.post(
      '/admin/notifications',
      {
        onRequest: operatorGuard,
        schema: {
          tags: adminTags,
          security: adminSecurity,
          summary:
            'Send a notification to everyone or to one account (by account name); stored, audited, and ' +
            'pushed to the sockets',
          body: sendNotificationRequestSchema,
          response: { 201: sentNotificationSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const sent = await notifications.send(requireOperator(request).operator.id, request.body);
        return reply.status(201).send(sent);
      },
    );

    app.get(
      '/admin/notifications',
      {
        onRequest: operatorGuard,
        schema: {
          tags: adminTags,
          security: adminSecurity,
          summary: 'Notifications operators sent, newest first',
          querystring: pageQuerySchema,
          response: { 200: sentNotificationPageSchema, ...errorResponses },
        },
      },
      async (request) => notifications.listSent(request.query),
    );
  };
}
