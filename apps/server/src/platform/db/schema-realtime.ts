/** The notification tables, created by migration 0004-realtime. */
import type { ColumnType, Selectable } from 'kysely';

export type NotificationAudienceColumn = 'all' | 'user';
export type NotificationCategoryColumn = 'announcement' | 'round_result' | 'funding';

/** Template params as stored (jsonb): strings and whole numbers only. */
export type NotificationParams = Record<string, string | number | null>;

export interface NotificationsTable {
  id: string;
  audience: NotificationAudienceColumn;
  user_id: string | null;
  category: NotificationCategoryColumn;
  /** Literal text (operator notifications); null for a template notification. */
  title: string | null;
  content: string | null;
  /** Template key (system notifications), rendered in the reader's language. */
  template: string | null;
  params: ColumnType<NotificationParams | null, string | null, never>;
  source_key: string | null;
  created_by: string | null;
  created_at: ColumnType<Date, Date, never>;
}
export type NotificationRow = Selectable<NotificationsTable>;

export interface NotificationReadsTable {
  user_id: string;
  notification_id: string;
  read_at: ColumnType<Date, Date, never>;
}

export interface NotificationSettingsTable {
  user_id: string;
  announcement: ColumnType<boolean, boolean | undefined, boolean>;
  round_result: ColumnType<boolean, boolean | undefined, boolean>;
  funding: ColumnType<boolean, boolean | undefined, boolean>;
  locale: string | null;
  read_through_at: Date | null;
  read_through_id: string | null;
  updated_at: Date;
}

export interface RealtimeTables {
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  notification_settings: NotificationSettingsTable;
}
