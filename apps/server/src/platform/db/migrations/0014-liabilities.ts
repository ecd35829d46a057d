/**
 * The proof of liabilities (docs/decisions/0029-proof-of-liabilities.md): signed snapshots, each user's
 * leaf (salt and claim), the tree's levels packed (40 bytes a node: hash, then sum as u64), and the
 * operator's stated reserves. All four tables are append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so a published snapshot cannot be rewritten by the application; the chain of previous roots
 * shows anyone who kept an older one if it was rewritten below the application.
 */
import { type Kysely, sql } from 'kysely';

const APPEND_ONLY = [
  'liabilities_snapshots',
  'liabilities_leaves',
  'liabilities_levels',
  'liabilities_reserves',
];

const statements = [
  sql`create table liabilities_snapshots (
    id uuid primary key,
    sequence int8 not null unique check (sequence > 0),
    taken_at timestamptz not null,
    taken_at_text text not null,
    root text not null check (root ~ '^[0-9a-f]{64}$'),
    total int8 not null check (total >= 0),
    user_count integer not null check (user_count >= 0),
    previous_root text not null check (previous_root ~ '^[0-9a-f]{64}$'),
    public_key text not null check (public_key ~ '^[0-9a-f]{64}$'),
    signature text not null check (signature ~ '^[0-9a-f]{128}$'),
    trigger text not null check (trigger in ('schedule', 'operator')),
    operator_id uuid references operators(id),
    duration_ms integer not null check (duration_ms >= 0),
    created_at timestamptz not null default now()
  )`,
  sql`create index liabilities_snapshots_page_idx on liabilities_snapshots (created_at desc, id desc)`,
  sql`create table liabilities_leaves (
    snapshot_id uuid not null references liabilities_snapshots(id),
    user_id uuid not null,
    position integer not null check (position >= 0),
    salt text not null check (salt ~ '^[0-9a-f]{64}$'),
    amount int8 not null check (amount >= 0),
    primary key (snapshot_id, user_id),
    unique (snapshot_id, position)
  )`,
  sql`create table liabilities_levels (
    snapshot_id uuid not null references liabilities_snapshots(id),
    level integer not null check (level >= 0),
    nodes bytea not null,
    primary key (snapshot_id, level)
  )`,
  sql`create table liabilities_reserves (
    id uuid primary key,
    amount int8 not null check (amount >= 0),
    scope text not null check (scope in ('crypto_signed_message', 'bank_attestation', 'operator_statement')),
    evidence text not null,
    operator_id uuid not null references operators(id),
    stated_at timestamptz not null
  )`,
  sql`create index liabilities_reserves_latest_idx on liabilities_reserves (stated_at desc, id desc)`,
  sql`create function liabilities_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused', tg_table_name, tg_op;
    end
  $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const table of APPEND_ONLY) {
    await sql`create trigger ${sql.raw(`${table}_no_update_delete`)} before update or delete on ${sql.table(table)}
      for each row execute function liabilities_append_only()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function liabilities_append_only()`.execute(db);
  }
}
