/**
 * Operator console: operators' two-factor secrets (and the last time step a code was accepted
 * for, so a code cannot be replayed), users' forced password reset, a room's house edge waiting for the
 * next round, the append-only audit log, and the indexes the console's ledger searches and dashboard use.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table operators add column totp_secret text`,
  sql`alter table operators add column totp_pending_secret text`,
  sql`alter table operators add column totp_last_step bigint`,
  sql`alter table users add column password_reset_required boolean not null default false`,
  // An operator's new house edge applies from the room's next round: the open round keeps its terms.
  sql`alter table rooms add column pending_house_edge_bps integer
    check (pending_house_edge_bps between 0 and 9999)`,
  // No new index on ledger_transfers: a settlement inserts ~1.1 transfers per position in one statement
  // and every index costs it (two more took 100,000 positions from 2.4 s to 3.4 s, past the 3 s bar). The
  // dashboard's sums go through the account indexes (each names the account on one side); the console's
  // transfer search by reference is an operator tool that may scan.
  // The audit log is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, as on the ledger.
  sql`create table operator_audit_log (
    id uuid primary key,
    seq bigserial not null,
    operator_id uuid not null references operators (id),
    action text not null,
    target_type text not null,
    target_id text,
    reason text,
    before jsonb,
    after jsonb,
    created_at timestamptz not null
  )`,
  sql`create index operator_audit_log_created on operator_audit_log (created_at desc, id desc)`,
  sql`create index operator_audit_log_target on operator_audit_log (target_type, target_id)`,
  sql`create function operator_audit_log_append_only() returns trigger language plpgsql as $$
    begin raise exception 'operator_audit_log is append-only'; end $$`,
  sql`create trigger operator_audit_log_no_update before update or delete on operator_audit_log
    for each row execute function operator_audit_log_append_only()`,
  sql`create trigger operator_audit_log_no_truncate before truncate on operator_audit_log
    for each statement execute function operator_audit_log_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
