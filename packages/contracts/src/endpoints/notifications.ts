/** Notifications: a user's own list, read state and settings, and the operators who send them. */
import { z } from 'zod';
import { idParamsSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSettingsSchema,
  sendNotificationRequestSchema,
  sentNotificationPageSchema,
  sentNotificationSchema,
  unreadCountSchema,
  updateNotificationSettingsSchema,
} from '../notifications.ts';

/** A 204 carries no body: the handler returns nothing and a client reads the empty answer as undefined. */
const noContent = z.undefined();

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    access: 'user',
    tags: ['notifications'],
    summary:
      'My notifications, newest first: announcements and those addressed to me (scope=all), or only ' +
      'mine (scope=personal); system notifications in my language; with my unread count',
    query: notificationListQuerySchema,
    status: 200,
    response: notificationPageSchema,
    errors: [],
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    access: 'user',
    tags: ['notifications'],
    summary: 'How many of my notifications I have not read',
    status: 200,
    response: unreadCountSchema,
    errors: [],
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    access: 'user',
    tags: ['notifications'],
    summary: 'Mark one of my notifications read (one I cannot see is not found)',
    params: idParamsSchema,
    status: 204,
    response: noContent,
    errors: [],
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/notifications/read-all',
    access: 'user',
    tags: ['notifications'],
    summary: 'Mark everything I can see now read; later notifications arrive unread',
    status: 204,
    response: noContent,
    errors: [],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/notification-settings',
    access: 'user',
    tags: ['notifications'],
    summary: 'My notification settings: announcements, round results, funding updates',
    status: 200,
    response: notificationSettingsSchema,
    errors: [],
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/notification-settings',
    access: 'user',
    tags: ['notifications'],
    summary: 'Change some of my notification settings; the server honours them from the next push',
    body: updateNotificationSettingsSchema,
    status: 200,
    response: notificationSettingsSchema,
    errors: [],
  }),
} as const;

export const adminNotificationEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/admin/notifications',
    access: 'operator',
    tags: ['admin'],
    summary:
      'Send a notification to everyone or to one account (by account name); stored, audited, and ' +
      'pushed to the sockets',
    body: sendNotificationRequestSchema,
    status: 201,
    response: sentNotificationSchema,
    errors: [],
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/notifications',
    access: 'operator',
    tags: ['admin'],
    summary: 'Notifications operators sent, newest first',
    query: pageQuerySchema,
    status: 200,
    response: sentNotificationPageSchema,
    errors: [],
  }),
} as const;
