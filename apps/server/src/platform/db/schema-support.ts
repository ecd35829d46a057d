/** Customer service messages, created by migration 0006-support. */
import type { ColumnType, Selectable } from 'kysely';

export type SupportAuthorColumn = 'user' | 'operator';

export interface SupportMessagesTable {
  id: string;
  user_id: string;
  author: SupportAuthorColumn;
  /** The operator who answered; null for the user's own messages. */
  operator_id: string | null;
  text: string;
  /** The user's key for a retried send; null for operator answers. */
  idempotency_key: string | null;
  created_at: ColumnType<Date, Date, never>;
}
export type SupportMessageRow = Selectable<SupportMessagesTable>;

export interface SupportTables {
  support_messages: SupportMessagesTable;
}
