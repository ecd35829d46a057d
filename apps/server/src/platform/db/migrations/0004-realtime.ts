/**
 * Notifications: stored notifications to everyone or to one user, who has read what, and each
 * user's notification state (settings, last-known language, the "read all" mark).
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  // A notification is either an operator's literal text (title + content) or a system notification
  // rendered at read time from a template key and its params, so each reader sees it in their language.
  // `source_key` makes a system notification idempotent: the same deposit decision delivered twice (a
  // repeated event, two nodes hearing it) stores one row.
  sql`create table notifications (
    id uuid primary key,
    audience text not null check (audience in ('all', 'user')),
    user_id uuid references users (id),
    category text not null check (category in ('announcement', 'round_result', 'funding')),
    title text,
    content text,
    template text,
    params jsonb,
    source_key text unique,
    created_by uuid references operators (id),
    created_at timestamptz not null,
    check ((audience = 'all') = (user_id is null)),
    check ((template is null) = (title is not null and content is not null))
  )`,
  // A user's list is two newest-first index ranges merged: the announcements and their own.
  sql`create index notifications_all_idx on notifications (created_at desc, id desc) where audience = 'all'`,
  sql`create index notifications_user_idx on notifications (user_id, created_at desc, id desc)
    where user_id is not null`,
  // The console's sent list: what operators wrote.
  sql`create index notifications_sent_idx on notifications (created_at desc, id desc)
    where created_by is not null`,

  // One row per notification a user opened. The primary key leads with the user: "which of mine are
  // read" is one index range.
  sql`create table notification_reads (
    user_id uuid not null references users (id),
    notification_id uuid not null references notifications (id),
    read_at timestamptz not null,
    primary key (user_id, notification_id)
  )`,

  // Per user, created on first need (absent = announcements and funding updates on, round results off:
  // a Reminder after every round would stand in the way of the next bet, so a user asks for them). "Read all" stores a mark, the newest
  // (created_at, id) the user had when they pressed it, instead of a row per notification: everything at
  // or before the mark is read. `locale` is the language the user last used, for pushes.
  sql`create table notification_settings (
    user_id uuid primary key references users (id),
    announcement boolean not null default true,
    round_result boolean not null default false,
    funding boolean not null default true,
    locale text,
    read_through_at timestamptz,
    read_through_id uuid,
    updated_at timestamptz not null,
    check ((read_through_at is null) = (read_through_id is null))
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
