/**
 * Taking positions and what follows from them: the stake leaves the balance through a ledger transfer
 * with the odds frozen; a retry with the same key replays; the seal is enforced by the server's clock to
 * the millisecond; entry minimums and stake limits; settlement pays exactly by the frozen odds and shows
 * in the investment and revenue records, the market overview and the withdrawable amount.
 */
import {
  enterRoomResponseSchema,
  marketOverviewSchema,
  positionPageSchema,
  positionSchema,
  revenuePageSchema,
  roomListSchema,
  roomSchema,
  roundDetailSchema,
} from '@tradehall/contracts';
import { betWins, multiplierHundredths, payoutFor } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { balanceOf, expectLedgerOk, fund, newKey, operatorToken, quickUser, transferCount } from './money.ts';
import {
  credit,
  escrowBalance,
  finishRound,
  openRound,
  place,
  roomId,
  roundsOf,
  stepTo,
  tick,
  transfersOfPosition,
} from './trading.ts';

describe.each(DRIVERS)('positions on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  let vip: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
    vip = await roomId(t, 'vip');
    await tick(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a position: frozen odds, the stake moved to escrow, listed in the round and the records', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 50_000);
    const round = await openRound(t, normal);
    const bet = { category: 'special_number', number: 13 } as const;
    const response = await place(t, user, round.id, bet, 2_500);
    expect(response.status).toBe(201);
    const position = positionSchema.parse(response.body);
    expect(position).toMatchObject({
      roundId: round.id,
      roomId: normal,
      tier: 'normal',
      issue: round.issue,
      bet,
      amount: 2_500,
      multiplier: multiplierHundredths(bet, 200),
      status: 'open',
      payout: null,
      settledAt: null,
    });
    expect(await balanceOf(t, user.id)).toBe(47_500);
    expect(await transfersOfPosition(t, position.id)).toEqual([
      { key: 'stake', code: 'stake', amount: 2_500 },
    ]);

    const detail = roundDetailSchema.parse(
      (await call(t, 'GET', `/rounds/${round.id}`, { token: user.token })).body,
    );
    expect(detail.round).toMatchObject({ id: round.id, status: 'open', userCount: 1, hash: null });
    expect(detail.myPositions).toEqual([position]);
    // Another user sees the round, not my positions.
    const other = await quickUser(t);
    const theirs = roundDetailSchema.parse(
      (await call(t, 'GET', `/rounds/${round.id}`, { token: other.token })).body,
    );
    expect(theirs.myPositions).toEqual([]);
    const records = positionPageSchema.parse(
      (await call(t, 'GET', '/positions', { token: user.token })).body,
    );
    expect(records.items).toEqual([position]);
    await expectLedgerOk(t);
  });

  it('replays a retry with the same key and refuses the key for a different position', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 50_000);
    const round = await openRound(t, normal);
    const key = newKey();
    const bet = { category: 'both_sides', type: 'single_long' } as const;
    const first = await place(t, user, round.id, bet, 1_000, key);
    expect(first.status).toBe(201);
    const transfers = await transferCount(t);
    const again = await place(t, user, round.id, bet, 1_000, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await transferCount(t)).toBe(transfers);
    expect(await balanceOf(t, user.id)).toBe(49_000);
    const conflict = await place(t, user, round.id, bet, 2_000, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.code).toBe('IDEMPOTENCY_CONFLICT');
    // Concurrent duplicates: one position.
    const key2 = newKey();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => place(t, user, round.id, bet, 1_500, key2)),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await balanceOf(t, user.id)).toBe(47_500);
    await expectLedgerOk(t);
  });

  it('refuses a stake beyond the balance, changing nothing', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 1_000);
    const round = await openRound(t, normal);
    const transfers = await transferCount(t);
    const response = await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 1_001);
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('INSUFFICIENT_FUNDS');
    expect(await transferCount(t)).toBe(transfers);
    expect(await balanceOf(t, user.id)).toBe(1_000);
  });

  it('accepts up to the millisecond before seals_at and refuses from seals_at on, sealed or not', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 10_000);
    const round = await openRound(t, normal);
    const bet = { category: 'both_sides', type: 'double' } as const;
    t.clock.set(new Date(round.sealsAt.getTime() - 1));
    expect((await place(t, user, round.id, bet, 100)).status).toBe(201);
    t.clock.set(round.sealsAt);
    // The scheduler has not sealed it yet; the server's clock alone refuses.
    expect((await roundsOf(t, normal)).find((r) => r.id === round.id)?.status).toBe('open');
    const late = await place(t, user, round.id, bet, 100);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: 'ROUND_NOT_OPEN',
      message: 'Disk sealed, wait for result',
    });
    await tick(t);
    expect((await place(t, user, round.id, bet, 100)).body.error?.code).toBe('ROUND_NOT_OPEN');
    expect(await balanceOf(t, user.id)).toBe(9_900);
    await stepTo(t, round.drawsAt);
    await stepTo(t, round.settlesAt);
  });

  it('gates a room by its entry minimum, telling the amount missing', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 60_000);
    const rooms = roomListSchema.parse((await call(t, 'GET', '/rooms', { token: user.token })).body).items;
    expect(rooms.find((room) => room.tier === 'normal')).toMatchObject({
      qualified: true,
      missingForEntry: 0,
    });
    expect(rooms.find((room) => room.tier === 'vip')).toMatchObject({
      qualified: false,
      missingForEntry: 40_000,
    });
    // Anonymous (or an unknown token): not qualified anywhere, the whole minimum missing.
    for (const token of [undefined, 'not-a-real-token']) {
      const anonymous = roomListSchema.parse(
        (await call(t, 'GET', '/rooms', token ? { token } : {})).body,
      ).items;
      expect(anonymous.find((room) => room.tier === 'vip')).toMatchObject({
        qualified: false,
        missingForEntry: 100_000,
      });
    }

    const refused = await call(t, 'POST', `/rooms/${vip}/enter`, { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'ENTRY_MINIMUM_NOT_MET',
      message: 'You need $400.00 more in your balance to enter this room',
      params: { amount: '$400.00' },
    });
    const vipRound = await openRound(t, vip);
    const position = await place(t, user, vipRound.id, { category: 'both_sides', type: 'long' }, 1_000);
    expect(position.body.error?.code).toBe('ENTRY_MINIMUM_NOT_MET');

    await credit(t, user.id, 40_000);
    const entered = enterRoomResponseSchema.parse(
      (await call(t, 'POST', `/rooms/${vip}/enter`, { token: user.token })).body,
    );
    expect(entered.room).toMatchObject({ id: vip, tier: 'vip', qualified: true, missingForEntry: 0 });
    expect(
      roomSchema.parse((await call(t, 'GET', `/rooms/${vip}`, { token: user.token })).body).qualified,
    ).toBe(true);
    const limits = await place(t, user, vipRound.id, { category: 'both_sides', type: 'long' }, 999);
    expect(limits.body.error).toMatchObject({ code: 'STAKE_BELOW_MINIMUM', params: { amount: '$10.00' } });
    const above = await place(t, user, vipRound.id, { category: 'both_sides', type: 'long' }, 500_001);
    expect(above.body.error).toMatchObject({ code: 'STAKE_ABOVE_MAXIMUM', params: { amount: '$5,000.00' } });
    expect((await place(t, user, vipRound.id, { category: 'both_sides', type: 'long' }, 1_000)).status).toBe(
      201,
    );
  });

  it('settles by the frozen odds into the records, revenue, market overview and withdrawable amount', async () => {
    const operator = await operatorToken(t);
    const user = await quickUser(t);
    await fund(t, operator, user, 100_000);
    const before = (await call<{ withdrawable: number }>(t, 'GET', '/me/assets', { token: user.token })).body;
    expect(before.withdrawable).toBe(0);
    const round = await openRound(t, normal);
    const bets = [
      { category: 'both_sides', type: 'long' },
      { category: 'both_sides', type: 'short' },
      { category: 'both_sides', type: 'single' },
      { category: 'special_number', number: 0 },
    ] as const;
    const placed = [];
    for (const bet of bets)
      placed.push(positionSchema.parse((await place(t, user, round.id, bet, 10_000)).body));
    // Stakes count towards the turnover requirement on the deposit.
    const during = (await call<{ withdrawable: number }>(t, 'GET', '/me/assets', { token: user.token })).body;
    expect(during.withdrawable).toBe(0);

    await finishRound(t, round);
    const settled = (await roundsOf(t, normal)).find((r) => r.id === round.id);
    expect(settled?.status).toBe('settled');
    const sum = settled?.sum ?? -1;
    let expectedPayout = 0;
    const records = positionPageSchema.parse(
      (await call(t, 'GET', '/positions', { token: user.token })).body,
    );
    for (const position of placed) {
      const won = betWins(position.bet, sum);
      const payout = won ? payoutFor(position.amount, position.multiplier) : 0;
      expectedPayout += payout;
      expect(records.items.find((item) => item.id === position.id)).toMatchObject({
        status: won ? 'won' : 'lost',
        payout,
      });
      const transfers = await transfersOfPosition(t, position.id);
      expect(transfers.map((transfer) => transfer.key)).toEqual(
        won ? ['stake', 'return', 'win'] : ['stake', 'lost'],
      );
    }
    expect(await balanceOf(t, user.id)).toBe(100_000 - 40_000 + expectedPayout);
    const revenue = revenuePageSchema.parse((await call(t, 'GET', '/revenue', { token: user.token })).body);
    expect(revenue.items[0]).toMatchObject({
      roundId: round.id,
      issue: round.issue,
      tier: 'normal',
      staked: 40_000,
      payout: expectedPayout,
      profit: expectedPayout - 40_000,
    });
    const after = (await call<{ withdrawable: number }>(t, 'GET', '/me/assets', { token: user.token })).body;
    // 40,000 of the 100,000 deposit has been turned over: 60,000 of the balance is still held back.
    expect(after.withdrawable).toBe(Math.max(0, 100_000 - 40_000 + expectedPayout - 60_000));

    const market = marketOverviewSchema.parse((await call(t, 'GET', '/market/overview')).body);
    expect(market.tradingDate).toBe(t.clock.now().toISOString().slice(0, 10));
    const normalMarket = market.rooms.find((room) => room.tier === 'normal');
    expect(normalMarket?.recent[0]).toMatchObject({ issue: round.issue, sum });
    expect(normalMarket?.lastRoundProfit).toBe(expectedPayout - 40_000);
    const recentSums = normalMarket?.recent.map((r) => r.sum) ?? [];
    expect(normalMarket?.frequencies).toEqual({
      long: recentSums.filter((s) => s >= 14).length,
      short: recentSums.filter((s) => s <= 13).length,
      single: recentSums.filter((s) => s % 2 === 1).length,
      double: recentSums.filter((s) => s % 2 === 0).length,
    });
    const today = await t.database.kysely
      .selectFrom('positions')
      .select(['amount', 'user_id', 'created_at'])
      .execute();
    const start = new Date(`${market.tradingDate}T00:00:00Z`).getTime();
    const todays = today.filter((p) => p.created_at.getTime() >= start);
    expect(market.todayVolume).toBe(todays.reduce((total, p) => total + Number(p.amount), 0));
    expect(market.tradingUsers).toBe(new Set(todays.map((p) => p.user_id)).size);
    expect(await escrowBalance(t)).toBe(
      // Only positions still open (other suites' rounds here are all finished) stay in escrow.
      (
        await t.database.kysely
          .selectFrom('positions')
          .select('amount')
          .where('status', '=', 'open')
          .execute()
      )
        .map((p) => Number(p.amount))
        .reduce((a, b) => a + b, 0),
    );
    await expectLedgerOk(t);
  });
});
