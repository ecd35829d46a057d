/** Notifications: send to everyone or one account; the list of sent ones. */
import {
  type SendNotificationRequest,
  sentNotificationPageSchema,
  sentNotificationSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const notificationsKey = ['admin', 'notifications'] as const;

export const fetchSentPage = (cursor?: string) =>
  request(withQuery('/admin/notifications', { cursor, limit: 50 }), sentNotificationPageSchema);

export const sendNotification = (body: SendNotificationRequest) =>
  request('/admin/notifications', sentNotificationSchema, { method: 'POST', body });
