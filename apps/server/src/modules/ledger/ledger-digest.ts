/**
 * A digest over the whole ledger: sha256 over every transfer in id order, one canonical line each
 * (id, debit, credit, amount, code, reference, key, time in ms). A backup records it beside the dump;
 * a restore recomputes it on the restored database, so a restore that lost, added or changed a single
 * transfer does not match. Read it inside one snapshot (a repeatable-read transaction): the caller
 * decides which, so the digest and the dump see the same ledger.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '../../platform/db/executor.ts';
import { type DigestTransferRow, LedgerRepository } from './ledger.repository.ts';

export interface LedgerDigest {
  transfers: number;
  lastTransferId: number;
  sha256: string;
}

const PAGE = 5_000;

/** The line a transfer contributes (also what the tests tamper with). */
export function digestLine(row: DigestTransferRow): string {
  return [
    row.id,
    row.debit_account_id,
    row.credit_account_id,
    row.amount,
    row.code,
    row.ref_type,
    row.ref_id,
    row.idempotency_key,
    new Date(row.created_at).getTime(),
  ].join('|');
}

export async function digestLedger(executor: Executor): Promise<LedgerDigest> {
  const repository = new LedgerRepository();
  const hash = createHash('sha256');
  let transfers = 0;
  let lastTransferId = 0;
  for (;;) {
    const page = await repository.transfersAfter(executor, lastTransferId, PAGE);
    for (const row of page) hash.update(`${digestLine(row)}\n`);
    transfers += page.length;
    const last = page.at(-1);
    if (!last) break;
    lastTransferId = last.id;
    if (page.length < PAGE) break;
  }
  return { transfers, lastTransferId, sha256: hash.digest('hex') };
}
