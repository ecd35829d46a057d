/**
 * Notifications: stored system notifications to everyone or to one user, read state per user,
 * and per-user notification settings the server honours when it pushes.
 */
import { z } from 'zod';
import { idField, multilineTextField, pageOf, textField, unixSeconds } from './common.ts';

export const NOTIFICATION_AUDIENCES = ['all', 'user'] as const;
/** What a notification is about; each maps to one setting a user can turn off. */
export const NOTIFICATION_CATEGORIES = ['announcement', 'round_result', 'funding'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const notificationSchema = z.object({
  id: idField,
  audience: z.enum(NOTIFICATION_AUDIENCES),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  /** Plain text, shown as text. */
  content: z.string(),
  read: z.boolean(),
  createdAt: unixSeconds,
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  cursor: textField(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  /** `all` (default): announcements and personal; `personal`: only those addressed to me. */
  scope: z.enum(['all', 'personal']).optional(),
});
export const notificationPageSchema = pageOf(notificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationSettingsSchema = z.object({
  announcement: z.boolean(),
  round_result: z.boolean(),
  funding: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingsSchema = notificationSettingsSchema.partial().strict();

/** POST /admin/notifications: to everyone, or to one account. */
export const sendNotificationRequestSchema = z.strictObject({
  audience: z.enum(NOTIFICATION_AUDIENCES),
  /** The addressee's account name when audience is `user`. */
  account: textField(64).optional(),
  title: textField(120, { requiredKey: 'validation.required', trim: true }),
  content: multilineTextField(2000, 'validation.required'),
});
export type SendNotificationRequest = z.infer<typeof sendNotificationRequestSchema>;
export const sentNotificationSchema = z.object({
  id: idField,
  audience: z.enum(NOTIFICATION_AUDIENCES),
  userId: idField.nullable(),
  account: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  createdAt: unixSeconds,
});
export const sentNotificationPageSchema = pageOf(sentNotificationSchema);
