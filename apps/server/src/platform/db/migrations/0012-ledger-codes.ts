/**
 * The ledger's codes are the ones something writes (docs/decisions/0009-ledger-accounts-and-codes.md):
 * `reversal` was declared from the start and never written — a mistake is corrected by a new transfer
 * of the operation's own code (an adjustment), so the code is taken out of the check.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table ledger_transfers drop constraint ledger_transfers_code_check`,
  sql`alter table ledger_transfers add constraint ledger_transfers_code_check
    check (code in ('deposit', 'withdrawal_hold', 'withdrawal_refund', 'withdrawal_paid',
      'stake', 'payout', 'stake_lost', 'refund', 'adjustment'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
