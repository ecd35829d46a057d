/**
 * Foundation: users and their sessions, operators and theirs, captchas, login throttling and password
 * reset codes. Statements run one by one (PGlite's extended protocol takes one statement per query).
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create table users (
    id uuid primary key default gen_random_uuid(),
    username text not null check (char_length(username) between 1 and 64),
    password_hash text not null,
    payment_password_hash text,
    nickname text not null,
    real_name text,
    email text,
    invitation_code text not null unique,
    inviter_id uuid references users (id),
    credit_score integer not null default 100,
    status text not null default 'active' check (status in ('active', 'frozen')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // Account names and emails are unique regardless of case.
  sql`create unique index users_username_key on users (lower(username))`,
  sql`create unique index users_email_key on users (lower(email)) where email is not null`,
  sql`create index users_inviter_idx on users (inviter_id)`,

  sql`create table sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    token_hash text not null unique,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    user_agent text,
    ip text
  )`,
  sql`create index sessions_user_idx on sessions (user_id)`,

  sql`create table operators (
    id uuid primary key default gen_random_uuid(),
    username text not null,
    password_hash text not null,
    role text not null check (role in ('operator', 'admin')),
    status text not null default 'active' check (status in ('active', 'frozen')),
    created_at timestamptz not null default now()
  )`,
  sql`create unique index operators_username_key on operators (lower(username))`,

  sql`create table operator_sessions (
    id uuid primary key default gen_random_uuid(),
    operator_id uuid not null references operators (id) on delete cascade,
    token_hash text not null unique,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    user_agent text,
    ip text
  )`,
  sql`create index operator_sessions_operator_idx on operator_sessions (operator_id)`,

  sql`create table captchas (
    id uuid primary key,
    answer_hash text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  sql`create index captchas_expires_idx on captchas (expires_at)`,

  // Failed logins per normalised account name, whether or not the account exists.
  sql`create table login_throttles (
    scope text not null check (scope in ('user', 'operator')),
    account_key text not null,
    failure_count integer not null,
    window_started_at timestamptz not null,
    locked_until timestamptz,
    primary key (scope, account_key)
  )`,

  sql`create table password_reset_codes (
    id uuid primary key,
    user_id uuid not null references users (id) on delete cascade,
    code_hash text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    used_at timestamptz
  )`,
  sql`create index password_reset_codes_user_idx on password_reset_codes (user_id, created_at desc)`,

  // Last reset-code request per normalised account name (existing or not): the 60 s resend rule.
  sql`create table password_reset_requests (
    account_key text primary key,
    requested_at timestamptz not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
