/** /notifications, /notification-settings and /admin/notifications. (Stub; the notifications helper fills it in.) */
import type { FastifyPluginAsync } from 'fastify';
import type { OperatorGuard } from '../admin-auth/admin-auth.guard.ts';
import type { UserGuard } from '../auth/auth.guard.ts';
import type { NotificationsService } from './notifications.service.ts';

export interface NotificationsRoutesDeps {
  notifications: NotificationsService;
  userGuard: UserGuard;
  operatorGuard: OperatorGuard;
}

export function notificationsRoutes(_deps: NotificationsRoutesDeps): FastifyPluginAsync {
  return async () => {};
}
