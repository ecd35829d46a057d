/**
 * The ledger invariant (DESIGN §5), checked on one consistent snapshot:
 *   - each user's materialised balance equals what their transfers sum to (credits - debits);
 *   - no user balance is below zero;
 *   - all balances together sum to zero (system accounts counted by their transfers), i.e. no money
 *     was created or destroyed.
 * Served to operators at GET /admin/ledger/audit, and called by the tests after every step.
 */
import type { LedgerAuditResponse } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { LedgerRepository } from './ledger.repository.ts';

export async function auditLedger(db: Kysely<DB>, now: Date): Promise<LedgerAuditResponse> {
  const repository = new LedgerRepository();
  // Repeatable read: the balances and the transfers are read as of the same instant, so an operation
  // committing meanwhile cannot show up on one side only.
  const { rows, transfers } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      rows: await repository.auditRows(trx),
      transfers: await repository.countTransfers(trx),
    }));

  let total = 0n;
  let negativeUserBalances = 0;
  const mismatches: LedgerAuditResponse['mismatches'] = [];
  for (const row of rows) {
    if (row.kind === 'user_cash') {
      total += BigInt(row.balance);
      if (row.balance < 0 || row.fromTransfers < 0) negativeUserBalances += 1;
      if (row.balance !== row.fromTransfers) {
        mismatches.push({
          accountId: row.id,
          kind: row.kind,
          materialised: row.balance,
          fromTransfers: row.fromTransfers,
        });
      }
    } else {
      total += BigInt(row.fromTransfers);
    }
  }
  const totalOfBalances = Number(total);
  return {
    ok: mismatches.length === 0 && negativeUserBalances === 0 && total === 0n,
    totalOfBalances,
    accountsChecked: rows.length,
    transfersChecked: transfers,
    mismatches,
    negativeUserBalances,
    checkedAt: Math.floor(now.getTime() / 1000),
  };
}
