/**
 * Every transfer records the balance its user cash side(s) had right after it, so a transaction record
 * shows "balance after" from its own row (never by summing history per request). A system side stays
 * null: system balances are what their transfers sum to and are never materialised per operation.
 *
 * The column is written in the same statement as the transfer (the balance change it accounts for is
 * made under the same row lock). Existing rows are backfilled here, in (created_at, id) order per
 * account — the order the records list them in — so each line's balance is the one before it plus its
 * amount, and an account's newest line ends on its balance. The append-only trigger is lifted for the
 * backfill only, inside this migration's transaction.
 */
import { type Kysely, sql } from 'kysely';

const backfill = (side: 'debit' | 'credit') => sql`
  with entries as (
    select t.id, t.created_at, t.credit_account_id as account_id, t.amount as delta
    from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id and a.kind = 'user_cash'
    union all
    select t.id, t.created_at, t.debit_account_id, -t.amount
    from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id and a.kind = 'user_cash'
  ), running as (
    select id, account_id, sum(delta) over (partition by account_id order by created_at, id
      rows between unbounded preceding and current row) as after
    from entries
  )
  update ledger_transfers t set ${sql.ref(`${side}_balance_after`)} = r.after
  from running r where r.id = t.id and r.account_id = t.${sql.ref(`${side}_account_id`)}
`;

const statements = [
  sql`alter table ledger_transfers add column debit_balance_after bigint`,
  sql`alter table ledger_transfers add column credit_balance_after bigint`,
  sql`alter table ledger_transfers disable trigger ledger_transfers_no_update_delete`,
  backfill('debit'),
  backfill('credit'),
  sql`alter table ledger_transfers enable trigger ledger_transfers_no_update_delete`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
