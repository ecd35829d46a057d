/**
 * Taking positions and what follows from them: the stake leaves the balance through a ledger transfer
 * with the odds frozen; a retry with the same key replays; the seal is enforced by the server's clock to
 * the millisecond; entry minimums and stake limits; settlement pays exactly by the frozen odds and shows
 * in the investment and revenue records, the market overview and the withdrawable amount. Positions
 * arriving together are written together (one statement per batch), each still decided on its own; the
 * hot path's caches never change an outcome.
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
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHash } from '../src/modules/idempotency/idempotency.service.ts';
import {
  type BatchedPlacement,
  PLACEMENT_ABORTED,
  type PlacementBatch,
  PositionsRepository,
} from '../src/modules/positions/positions.repository.ts';
import { newId } from '../src/platform/ids.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import {
  balanceOf,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  operatorToken,
  quickUser,
  transferCount,
} from './money.ts';
import {
  credit,
  escrowBalance,
  finishRound,
  openRound,
  place,
  type RoundRecord,
  roomId,
  roundsOf,
  stepTo,
  tick,
  transfersOfPosition,
} from './trading.ts';

/** A batch for PositionsRepository.placeBatch: 100 on `long` per user, against the room as stored. */
async function batchFor(t: TestApp, round: RoundRecord, users: MoneyUser[]): Promise<PlacementBatch> {
  const room = await t.database.kysely
    .selectFrom('rooms')
    .selectAll()
    .where('id', '=', round.roomId)
    .executeTakeFirstOrThrow();
  const at = t.clock.now();
  const bet = { category: 'both_sides', type: 'long' } as const;
  const placements: BatchedPlacement[] = users.map((user) => {
    const key = newKey();
    const id = newId(at.getTime());
    const request = { roundId: round.id, bet, amount: 100 };
    return {
      id,
      userId: user.id,
      betCategory: 'both_sides',
      betType: 'long',
      betNumber: null,
      amount: 100,
      multiplier: multiplierHundredths(bet, room.house_edge_bps),
      key,
      requestHash: requestHash({ userId: user.id, key, operation: 'position.place', request }),
      response: { id },
    };
  });
  return {
    roundId: round.id,
    roomId: round.roomId,
    at,
    expected: {
      houseEdgeBps: room.house_edge_bps,
      entryMinimum: Number(room.entry_minimum),
      stakeMinimum: Number(room.stake_minimum),
      stakeMaximum: Number(room.stake_maximum),
    },
    placements,
  };
}

/** The batch's one statement, with the ledger's part as the positions service asks for it. */
async function placeBatch(t: TestApp, repository: PositionsRepository, batch: PlacementBatch) {
  return repository.placeBatch(
    t.database.kysely,
    batch,
    await t.services.ledger.batchStakes(batch.at, batch.expected.entryMinimum),
  );
}

/** What a batch left behind for its users: their claims and positions in the round. */
async function writtenFor(t: TestApp, round: RoundRecord, users: MoneyUser[]) {
  const ids = users.map((user) => user.id);
  const claims = await t.database.kysely
    .selectFrom('idempotency_keys')
    .select('user_id')
    .where('user_id', 'in', ids)
    .execute();
  const positions = await t.database.kysely
    .selectFrom('positions')
    .select('user_id')
    .where('round_id', '=', round.id)
    .where('user_id', 'in', ids)
    .execute();
  return { claims: claims.length, positions: positions.length };
}

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

  it('decides each of a burst of positions on its own, written together', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => quickUser(t)));
    for (const user of users) await credit(t, user.id, 10_000);
    const [first, second] = users as [MoneyUser, MoneyUser];
    const poor = await quickUser(t);
    await credit(t, poor.id, 50);
    const round = await openRound(t, normal);
    const bet = { category: 'both_sides', type: 'short' } as const;
    const key = newKey();
    const earlier = await place(t, first, round.id, bet, 300, key);
    expect(earlier.status).toBe(201);

    const burst = await Promise.all([
      ...users.map((user) => place(t, user, round.id, bet, 100)),
      place(t, second, round.id, bet, 200),
      place(t, first, round.id, bet, 300, key),
      place(t, first, round.id, bet, 400, key),
      place(t, poor, round.id, bet, 100),
    ]);
    const statuses = burst.map((response) => response.status);
    expect(statuses).toEqual([...users.map(() => 201), 201, 201, 409, 400]);
    expect(burst.at(-3)?.body).toEqual(earlier.body);
    expect(burst.at(-2)?.body.error?.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(burst.at(-1)?.body.error?.code).toBe('INSUFFICIENT_FUNDS');

    const accepted = burst.slice(0, users.length + 1).map((response) => positionSchema.parse(response.body));
    expect(new Set(accepted.map((position) => position.id)).size).toBe(accepted.length);
    for (const position of accepted) {
      expect(position.multiplier).toBe(multiplierHundredths(bet, 200));
      expect(await transfersOfPosition(t, position.id)).toEqual([
        { key: 'stake', code: 'stake', amount: position.amount },
      ]);
    }
    expect(await balanceOf(t, first.id)).toBe(10_000 - 300 - 100);
    expect(await balanceOf(t, second.id)).toBe(10_000 - 100 - 200);
    for (const user of users.slice(2)) expect(await balanceOf(t, user.id)).toBe(9_900);
    expect(await balanceOf(t, poor.id)).toBe(50);
    await expectLedgerOk(t);
  });

  it('writes a batch whole for the users it can take, and nothing for the others', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => quickUser(t)));
    const [rich, alsoRich, poor] = users as [MoneyUser, MoneyUser, MoneyUser];
    await credit(t, rich.id, 1_000);
    await credit(t, alsoRich.id, 1_000);
    await credit(t, poor.id, 99);
    const round = await openRound(t, normal);
    const repository = new PositionsRepository();
    const batch = await batchFor(t, round, users);
    const placed = await placeBatch(t, repository, batch);
    expect([...placed].sort()).toEqual(
      batch.placements
        .slice(0, 2)
        .map((p) => p.id)
        .sort(),
    );
    expect(await writtenFor(t, round, [rich, alsoRich])).toEqual({ claims: 2, positions: 2 });
    expect(await writtenFor(t, round, [poor])).toEqual({ claims: 0, positions: 0 });
    expect(await balanceOf(t, rich.id)).toBe(900);
    expect(await balanceOf(t, poor.id)).toBe(99);
    // The same keys again: already claimed, so nothing more is written (the careful path replays them).
    expect((await placeBatch(t, repository, batch)).size).toBe(0);
    expect(await writtenFor(t, round, [rich, alsoRich])).toEqual({ claims: 2, positions: 2 });
    // Past seals_at by the batch's clock: nothing.
    const late = await batchFor(t, round, [rich]);
    expect((await placeBatch(t, repository, { ...late, at: round.sealsAt })).size).toBe(0);
    expect(await balanceOf(t, rich.id)).toBe(900);
    await expectLedgerOk(t);
  });

  it('never lets its caches change an outcome: pause, limits and edge apply at once', async () => {
    const user = await quickUser(t);
    await credit(t, user.id, 100_000);
    const round = await openRound(t, normal);
    const bet = { category: 'both_sides', type: 'long' } as const;
    // Fills the hot path's caches with the room as it is now.
    expect((await place(t, user, round.id, bet, 100)).status).toBe(201);
    const rooms = t.database.kysely.updateTable('rooms').where('id', '=', normal);
    try {
      await rooms.set({ paused: true }).execute();
      expect((await place(t, user, round.id, bet, 100)).body.error?.code).toBe('ROOM_PAUSED');
      await rooms.set({ paused: false, stake_maximum: 5_000 }).execute();
      expect((await place(t, user, round.id, bet, 5_001)).body.error?.code).toBe('STAKE_ABOVE_MAXIMUM');
      await rooms.set({ stake_maximum: 10_000_000, entry_minimum: 200_000 }).execute();
      expect((await place(t, user, round.id, bet, 100)).body.error?.code).toBe('ENTRY_MINIMUM_NOT_MET');
      await rooms.set({ entry_minimum: 0, house_edge_bps: 500 }).execute();
      const placed = positionSchema.parse((await place(t, user, round.id, bet, 100)).body);
      expect(placed.multiplier).toBe(multiplierHundredths(bet, 500));
    } finally {
      await sql`update rooms set paused = false, stake_maximum = 100000, entry_minimum = 0,
        house_edge_bps = 200 where id = ${normal}`.execute(t.database.kysely);
    }
    expect(await balanceOf(t, user.id)).toBe(100_000 - 200);
    await expectLedgerOk(t);
  });
});

describe.runIf(DRIVERS.includes('postgres'))('a position batch meeting a locked account on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'postgres' });
    await tick(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not wait for it: the whole batch is undone and left to the one-transaction path', async () => {
    const users = await Promise.all(Array.from({ length: 2 }, () => quickUser(t)));
    const [free, busy] = users as [MoneyUser, MoneyUser];
    for (const user of users) await credit(t, user.id, 1_000);
    const round = await openRound(t, await roomId(t, 'normal'));
    const batch = await batchFor(t, round, users);
    const repository = new PositionsRepository();
    // Another transaction (a settlement, a withdrawal) holds the busy user's account.
    await t.database.kysely.transaction().execute(async (trx) => {
      await sql`select id from ledger_accounts where user_id = ${busy.id} for update`.execute(trx);
      await expect(placeBatch(t, repository, batch)).rejects.toThrow(PLACEMENT_ABORTED);
    });
    expect(await writtenFor(t, round, users)).toEqual({ claims: 0, positions: 0 });
    expect(await balanceOf(t, free.id)).toBe(1_000);
    // Through the API both are placed (the careful path waits for the lock like any transaction).
    for (const user of users) {
      expect((await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 100)).status).toBe(
        201,
      );
    }
    await expectLedgerOk(t);
  });
});
