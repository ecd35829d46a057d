/** Notifications: send to everyone or one account; the list of sent ones. */
import type { SendNotificationRequest, sentNotificationSchema } from '@tradehall/contracts';
import { adminNotificationEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const notificationsKey = ['admin', 'notifications'] as const;

export const fetchSentPage = (cursor?: string) =>
  call(adminNotificationEndpoints.list, { query: { cursor, limit: 50 } });

export const sendNotification = (body: SendNotificationRequest) =>
  call(adminNotificationEndpoints.send, { body });
