/**
 * /notifications and /notification-settings (a user's own) and /admin/notifications (operators send and
 * list). Text is stored and returned as given: plain text that clients show as text, never as HTML.
 */
import { adminNotificationEndpoints, notificationEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/endpoint-route.ts';
import { requireOperator } from '../../platform/guards/operator-guard.ts';
import { requireUser } from '../../platform/guards/user-guard.ts';
import { requestLocale } from '../../platform/i18n.ts';
import type { NotificationsService } from './notifications.service.ts';

export interface NotificationsRoutesDeps {
  notifications: NotificationsService;
}

export function notificationsRoutes(deps: NotificationsRoutesDeps): FastifyPluginAsync {
  const { notifications } = deps;
  return async (app) => {
    route(app, notificationEndpoints.list, {
      handler: async (request) =>
        notifications.list(requireUser(request).userId, request.query, requestLocale(request)),
    });
    route(app, notificationEndpoints.unreadCount, {
      handler: async (request) =>
        notifications.unreadCount(requireUser(request).userId, requestLocale(request)),
    });
    route(app, notificationEndpoints.markRead, {
      // A 204: no body.
      handler: async (request): Promise<undefined> => {
        await notifications.markRead(requireUser(request).userId, request.params.id);
      },
    });
    route(app, notificationEndpoints.markAllRead, {
      handler: async (request): Promise<undefined> => {
        await notifications.markAllRead(requireUser(request).userId);
      },
    });
    route(app, notificationEndpoints.settings, {
      handler: async (request) => notifications.settings(requireUser(request).userId, requestLocale(request)),
    });
    route(app, notificationEndpoints.updateSettings, {
      handler: async (request) =>
        notifications.updateSettings(requireUser(request).userId, request.body, requestLocale(request)),
    });

    route(app, adminNotificationEndpoints.send, {
      handler: async (request) => notifications.send(requireOperator(request).operator.id, request.body),
    });
    route(app, adminNotificationEndpoints.list, {
      handler: async (request) => notifications.listSent(request.query),
    });
  };
}
