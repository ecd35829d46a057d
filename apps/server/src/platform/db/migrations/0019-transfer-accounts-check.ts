/**
 * The ledger's check that every inserted transfer names existing accounts (0003), looked up per
 * transfer through the accounts' key (decision 0040). Written as two NOT EXISTS joined by OR, the
 * planner may turn each into a hash of EVERY account, built on each insert: two scans of a table with a
 * row per user. PL/pgSQL keeps the plan a connection made first, so a connection whose first insert was
 * a bulk post (the daily referral payment, a settlement) kept hashing all accounts for every placement
 * after it. `offset 0` keeps each lookup a correlated index probe: work in proportion to the transfers
 * inserted, whatever the number of users. Same guarantee, same error.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create or replace function ledger_transfers_accounts_exist() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from new_transfers t
        where not exists (select 1 from ledger_accounts a where a.id = t.debit_account_id offset 0)
           or not exists (select 1 from ledger_accounts a where a.id = t.credit_account_id offset 0)
      ) then
        raise exception 'ledger_transfers: a transfer names an account that does not exist'
          using errcode = 'foreign_key_violation';
      end if;
      return null;
    end
  $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
