/** Customer service messages, created by migration 0006-support (shared locations: 0010-support-location). */
import type { ColumnType } from 'kysely';

export type SupportAuthorColumn = 'user' | 'operator';
export type SupportKindColumn = 'text' | 'location';

export interface SupportMessagesTable {
  id: string;
  user_id: string;
  author: SupportAuthorColumn;
  /** The operator who answered; null for the user's own messages. */
  operator_id: string | null;
  /** What the message is: words (`text`) or a shared point (`lat`, `lng`, and a name and address). */
  kind: ColumnType<SupportKindColumn, SupportKindColumn | undefined, never>;
  /** The words of a text message; empty for a location. */
  text: string;
  /** Degrees, WGS 84; null unless `kind` is location. */
  lat: number | null;
  lng: number | null;
  place_name: string | null;
  place_address: string | null;
  /** The user's key for a retried send; null for operator answers. */
  idempotency_key: string | null;
  created_at: ColumnType<Date, Date, never>;
}

export interface SupportTables {
  support_messages: SupportMessagesTable;
}
