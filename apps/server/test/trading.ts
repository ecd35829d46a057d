/**
 * Helpers for the trading suites: the round engine is ticked by hand under the test app's manual clock
 * (no sleeping), users are funded by a ledger adjustment from the house (the deposit flow has its own
 * suites), positions are placed over HTTP (inject) exactly as the web app does.
 */
import type { BetInput, PositionView } from '@tradehall/contracts';
import type { RoomTier } from '@tradehall/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { toCents } from '../src/platform/db/cents.ts';
import type { RoundStatusColumn } from '../src/platform/db/schema.ts';
import { call, type JsonResponse, type TestApp } from './harness.ts';
import { expectLedgerOk, type MoneyUser, newKey } from './money.ts';

export interface RoundRecord {
  id: string;
  roomId: string;
  issue: string;
  status: RoundStatusColumn;
  chainId: string;
  chainIndex: number;
  opensAt: Date;
  sealsAt: Date;
  drawsAt: Date;
  settlesAt: Date;
  commitment: string;
  hash: string | null;
  sum: number | null;
}

export async function tick(t: TestApp): Promise<void> {
  await t.services.roundEngine.tick();
}

/** Moves the clock to `at` and ticks once. */
export async function stepTo(t: TestApp, at: Date): Promise<void> {
  t.clock.set(at);
  await tick(t);
}

export async function roomId(t: TestApp, tier: RoomTier): Promise<string> {
  const row = await t.database.kysely
    .selectFrom('rooms')
    .select('id')
    .where('tier', '=', tier)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The room's rounds, oldest first (only those in `status` if given: a room may have a long history). */
export async function roundsOf(
  t: TestApp,
  room: string,
  status?: RoundRecord['status'],
): Promise<RoundRecord[]> {
  const rows = await t.database.kysely
    .selectFrom('rounds')
    .selectAll()
    .where('room_id', '=', room)
    .$if(status !== undefined, (query) => query.where('status', '=', status ?? 'open'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    roomId: row.room_id,
    issue: row.issue,
    status: row.status,
    chainId: row.chain_id,
    chainIndex: row.chain_index,
    opensAt: row.opens_at,
    sealsAt: row.seals_at,
    drawsAt: row.draws_at,
    settlesAt: row.settles_at,
    commitment: row.commitment,
    hash: row.hash,
    sum: row.sum,
  }));
}

/** The room's open round, ticking once first if it has none yet. */
export async function openRound(t: TestApp, room: string): Promise<RoundRecord> {
  let [open] = await roundsOf(t, room, 'open');
  if (!open) {
    await tick(t);
    [open] = await roundsOf(t, room, 'open');
  }
  if (!open) throw new Error(`room ${room} has no open round`);
  return open;
}

/** Takes a round through seal, draw and settlement by stepping the clock to each of its times. */
export async function finishRound(t: TestApp, round: RoundRecord): Promise<void> {
  await stepTo(t, round.sealsAt);
  await stepTo(t, round.drawsAt);
  await stepTo(t, round.settlesAt);
}

/** Credits a user from the house (an operator adjustment): test money without the deposit flow. */
export async function credit(t: TestApp, userId: string, amount: number): Promise<void> {
  const key = `test-credit:${newKey()}`;
  await t.database.kysely.transaction().execute((trx) =>
    t.services.ledger.transfer(trx, {
      from: { system: 'house' },
      to: { userId },
      amount,
      code: 'adjustment',
      reference: { type: 'adjustment', id: key },
      at: t.clock.now(),
    }),
  );
}

export function place(
  t: TestApp,
  user: MoneyUser,
  roundId: string,
  bet: BetInput,
  amount: number,
  idempotencyKey: string = newKey(),
): Promise<JsonResponse<PositionView & { error?: { code: string; message: string } }>> {
  return call(t, 'POST', `/rounds/${roundId}/positions`, {
    token: user.token,
    body: { bet, amount, idempotencyKey },
  });
}

/** Transfers referring to one position, by idempotency-key suffix (stake, return, win, lost, refund). */
export async function transfersOfPosition(
  t: TestApp,
  positionId: string,
): Promise<Array<{ key: string; code: string; amount: number }>> {
  const rows = await t.database.kysely
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'code', 'amount'])
    .where('ref_type', '=', 'position')
    .where('ref_id', '=', positionId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    key: row.idempotency_key.split(':').at(-1) ?? '',
    code: row.code,
    amount: row.amount,
  }));
}

/** Escrow's balance as its transfers imply: zero whenever no round has open positions. */
export async function escrowBalance(t: TestApp): Promise<number> {
  const result = await sql<{ total: unknown }>`
    select coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end), 0) as total
    from ledger_transfers t join ledger_accounts a on a.kind = 'stakes_escrow'
    where t.credit_account_id = a.id or t.debit_account_id = a.id
  `.execute(t.database.kysely);
  return toCents(result.rows[0]?.total ?? 0);
}

/**
 * A settled round's positions moved their money exactly once each (the stake, then the return and the
 * win, or the lost stake), the escrow is back at zero and the ledger holds.
 */
export async function expectSettledOnce(t: TestApp, positionIds: readonly string[]): Promise<void> {
  for (const id of positionIds) {
    const legs = (await transfersOfPosition(t, id)).map((transfer) => transfer.key).sort();
    expect([
      ['lost', 'stake'],
      ['return', 'stake', 'win'],
    ]).toContainEqual(legs);
  }
  expect(await escrowBalance(t)).toBe(0);
  await expectLedgerOk(t);
}
