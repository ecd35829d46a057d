/**
 * Customer service: one conversation per user with the operators, plain text both ways. A user's retry
 * carries the same idempotency key, so the unique (user_id, idempotency_key) keeps it to one row.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create table support_messages (
    id uuid primary key,
    user_id uuid not null references users (id),
    author text not null check (author in ('user', 'operator')),
    operator_id uuid references operators (id),
    text text not null,
    idempotency_key text,
    created_at timestamptz not null,
    unique (user_id, idempotency_key)
  )`,
  sql`create index support_messages_user_created on support_messages (user_id, created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
