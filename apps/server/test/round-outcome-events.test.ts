/**
 * After a settlement (or a void) each participant hears round.outcome on their user topic: every one of
 * their positions in the round with its final status and payout, and their balance and withdrawable
 * amount after it, equal to what GET /positions and GET /me then answer. The app updates its screens from
 * this event instead of asking again, so it must be exactly what the API would say.
 */
import type { RoundOutcomeData } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/platform/events.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { fund, type MoneyUser, operatorToken, quickUser } from './money.ts';
import { openRound, place, roomId, stepTo } from './trading.ts';

describe.each(DRIVERS)('round.outcome on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  let users: MoneyUser[];
  const outcomes: Array<{ userId: string; data: RoundOutcomeData }> = [];
  let stop = () => {};

  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
    const operator = await operatorToken(t);
    users = [await quickUser(t), await quickUser(t), await quickUser(t)];
    // A deposit, so the turnover rule holds part of the balance back and withdrawable differs from it.
    for (const user of users) await fund(t, operator, user, 500_000);
    stop = t.services.events.subscribe((event: DomainEvent) => {
      if (
        event.channel === 'topic' &&
        event.event.topic === 'user' &&
        event.event.event === 'round.outcome'
      ) {
        outcomes.push({ userId: event.event.userId, data: event.event.data });
      }
    });
  });
  afterAll(async () => {
    stop();
    await t?.close();
  });

  it('tells each participant, once, their positions, balance and withdrawable as the API then shows them', async () => {
    const round = await openRound(t, normal);
    const [first, second] = users as [MoneyUser, MoneyUser, MoneyUser];
    const placed = new Map<string, string[]>();
    for (const [user, bets] of [
      [
        first,
        [
          { category: 'both_sides', type: 'long' },
          { category: 'both_sides', type: 'short' },
        ],
      ],
      [second, [{ category: 'special_number', number: 7 }]],
    ] as const) {
      for (const bet of bets) {
        const response = await place(t, user, round.id, bet, 10_000);
        expect(response.status).toBe(201);
        placed.set(user.id, [...(placed.get(user.id) ?? []), response.body.id]);
      }
    }
    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    await stepTo(t, round.settlesAt);
    await expect.poll(() => outcomes.filter((o) => o.data.roundId === round.id).length).toBe(2);

    const ofRound = outcomes.filter((o) => o.data.roundId === round.id);
    // The third user took no position: nothing for them.
    expect(ofRound.map((o) => o.userId).sort()).toEqual([first.id, second.id].sort());
    for (const { userId, data } of ofRound) {
      const user = users.find((u) => u.id === userId) as MoneyUser;
      const me = await call<{ balance: number; withdrawable: number }>(t, 'GET', '/me', {
        token: user.token,
      });
      expect({ balance: data.balance, withdrawable: data.withdrawable }).toEqual({
        balance: me.body.balance,
        withdrawable: me.body.withdrawable,
      });
      expect(data.withdrawable).toBeLessThan(data.balance);
      const listed = await call<{
        items: Array<{
          id: string;
          roundId: string;
          status: string;
          payout: number | null;
          settledAt: number | null;
        }>;
      }>(t, 'GET', '/positions', { token: user.token });
      const inRound = listed.body.items
        .filter((p) => p.roundId === round.id)
        .map(({ id, status, payout, settledAt }) => ({ id, status, payout, settledAt }));
      expect(data.positions.map((p) => p.id).sort()).toEqual([...(placed.get(userId) ?? [])].sort());
      expect([...data.positions].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        inRound.sort((a, b) => a.id.localeCompare(b.id)),
      );
      for (const position of data.positions) expect(position.status).not.toBe('open');
    }
  });
});
