/**
 * The transaction records explain the money: each line says what it was for (position with round and
 * room) and the balance right after it, read from the transfer's own row; a won position's payout is
 * one line, not its stake return and its winnings as two identical lines.
 */
import { positionSchema, type TransactionView, transactionPageSchema } from '@tradehall/contracts';
import { betWins, payoutFor } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type TestApp } from '../../../test/harness.ts';
import { balanceOf, expectLedgerOk, quickUser } from '../../../test/money.ts';
import { credit, finishRound, openRound, place, roomId, roundsOf, tick } from '../../../test/trading.ts';

async function allLines(t: TestApp, token: string): Promise<TransactionView[]> {
  const lines: TransactionView[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
    const page = transactionPageSchema.parse((await call(t, 'GET', `/transactions${query}`, { token })).body);
    lines.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return lines;
}

describe.each(DRIVERS)('transaction records on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
    await tick(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names each line and its balance after; a win is one payout line per position', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 50_000);
    const round = await openRound(t, normal);
    const bets = [
      { category: 'both_sides', type: 'long' },
      { category: 'both_sides', type: 'short' },
      { category: 'both_sides', type: 'single' },
      { category: 'both_sides', type: 'double' },
    ] as const;
    const placed = [];
    for (const bet of bets) {
      placed.push(positionSchema.parse((await place(t, user, round.id, bet, 1_000)).body));
    }
    await finishRound(t, round);
    const sum = (await roundsOf(t, normal)).find((r) => r.id === round.id)?.sum ?? -1;
    expect(sum).toBeGreaterThanOrEqual(0);

    // Read in pages of two, so a payout can never be split across a page boundary unnoticed.
    const lines = await allLines(t, user.token);
    // Newest first: each line's balance is the older line's balance plus its own amount, and the
    // newest ends on the balance.
    expect(lines[0]?.balanceAfter).toBe(await balanceOf(t, user.id));
    for (let i = 0; i + 1 < lines.length; i += 1) {
      expect(lines[i]?.balanceAfter).toBe((lines[i + 1]?.balanceAfter ?? 0) + (lines[i]?.amount ?? 0));
    }
    expect(lines.at(-1)).toMatchObject({ amount: 50_000, balanceAfter: 50_000, purpose: { type: 'other' } });

    for (const position of placed) {
      const mine = lines.filter(
        (line) => line.purpose.type === 'position' && line.purpose.positionId === position.id,
      );
      const payouts = mine.filter((line) => line.code === 'payout');
      const won = betWins(position.bet, sum);
      expect(payouts).toHaveLength(won ? 1 : 0);
      if (won) expect(payouts[0]?.amount).toBe(payoutFor(position.amount, position.multiplier));
      expect(mine.find((line) => line.code === 'stake')).toMatchObject({
        amount: -1_000,
        purpose: { type: 'position', roundId: round.id, issue: position.issue, tier: 'normal', stake: 1_000 },
      });
    }
    await expectLedgerOk(t);
  });

  it('stores the balance after on the transfer row itself, for every user side', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 7_000);
    const round = await openRound(t, normal);
    await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 2_000);
    const rows = await t.database.kysely
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as a', (join) =>
        join.on((eb) =>
          eb.or([
            eb('a.id', '=', eb.ref('t.debit_account_id')),
            eb('a.id', '=', eb.ref('t.credit_account_id')),
          ]),
        ),
      )
      .select(['t.code', 't.debit_balance_after', 't.credit_balance_after'])
      .where('a.user_id', '=', user.id)
      .orderBy('t.id')
      .execute();
    expect(
      rows.map((row) => [row.code, row.debit_balance_after, row.credit_balance_after].map(String)),
    ).toEqual([
      ['adjustment', 'null', '7000'],
      ['stake', '5000', 'null'],
    ]);
  });
});
