/** Rows to wire shapes: a system notification is rendered in the reader's language here. */
import type { NotificationView, sentNotificationSchema } from '@tradehall/contracts';
import type { Locale } from '@tradehall/domain';
import type { z } from 'zod';
import { toUnixSeconds } from '../../platform/clock.ts';
import type { NotificationRow } from '../../platform/db/schema-realtime.ts';
import { isTemplateKey, type RenderedNotification, renderTemplate } from './notification-templates.ts';
import type { ListedNotification, SentNotificationRow } from './notifications.repository.ts';

export type SentNotificationView = z.infer<typeof sentNotificationSchema>;

/** Title and content as this reader sees them: literal text, or the template in their language. */
export function renderNotification(row: NotificationRow, locale: Locale): RenderedNotification {
  if (row.template !== null && isTemplateKey(row.template)) {
    return renderTemplate(locale, row.template, row.params ?? {});
  }
  // The table's check constraint makes title and content present whenever there is no template.
  return { title: row.title ?? '', content: row.content ?? '' };
}

export function toNotificationView(row: ListedNotification, locale: Locale): NotificationView {
  return {
    id: row.id,
    audience: row.audience,
    category: row.category,
    ...renderNotification(row, locale),
    read: row.read,
    createdAt: toUnixSeconds(row.created_at),
  };
}

export function toSentNotificationView(row: SentNotificationRow): SentNotificationView {
  return {
    id: row.id,
    audience: row.audience,
    userId: row.user_id,
    account: row.account,
    title: row.title ?? '',
    content: row.content ?? '',
    createdAt: toUnixSeconds(row.created_at),
  };
}
