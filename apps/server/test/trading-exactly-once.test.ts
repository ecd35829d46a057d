/**
 * A round is settled exactly once: settling it again, two settlers (two "nodes" with their own services)
 * racing, a settler racing the scheduler's tick, or a void racing a settlement — one of them does the
 * work, the others find the round final and write nothing. Counted per position in the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.ts';
import { createServices } from '../src/services.ts';
import { createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { expectLedgerOk, type MoneyUser, quickUser, transferCount } from './money.ts';
import {
  credit,
  escrowBalance,
  openRound,
  place,
  type RoundRecord,
  roomId,
  roundsOf,
  stepTo,
  transfersOfPosition,
} from './trading.ts';

describe.each(DRIVERS)('exactly-once settlement on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  let users: MoneyUser[];
  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
    users = [await quickUser(t), await quickUser(t), await quickUser(t)];
    for (const user of users) await credit(t, user.id, 1_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An open round with positions on every side, taken to drawing and its settlement time (not ticked). */
  async function drawnRoundWithPositions(): Promise<{ round: RoundRecord; positions: string[] }> {
    const round = await openRound(t, normal);
    const positions: string[] = [];
    for (const [i, user] of users.entries()) {
      for (const bet of [
        { category: 'both_sides', type: 'long' },
        { category: 'both_sides', type: 'short' },
        { category: 'special_number', number: (i * 9) % 28 },
      ] as const) {
        const response = await place(t, user, round.id, bet, 1_000 + i);
        expect(response.status).toBe(201);
        positions.push(response.body.id);
      }
    }
    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    t.clock.set(round.settlesAt);
    return { round, positions };
  }

  async function expectSettledOnce(positions: string[], final: 'settled' | 'void'): Promise<void> {
    for (const id of positions) {
      const keys = (await transfersOfPosition(t, id)).map((transfer) => transfer.key);
      expect(new Set(keys).size, keys.join()).toBe(keys.length);
      expect(keys[0]).toBe('stake');
      if (final === 'void') expect(keys).toEqual(['stake', 'refund']);
      else
        expect([
          ['stake', 'lost'],
          ['stake', 'return', 'win'],
        ]).toContainEqual(keys);
    }
    expect(await escrowBalance(t)).toBe(0);
    await expectLedgerOk(t);
  }

  function secondNode() {
    return createServices({
      config: t.config,
      database: t.database,
      clock: t.clock,
      hasher: t.hasher,
      mailer: t.mailer,
      logger: createLogger('silent'),
    });
  }

  it('settles once however many times it is asked', async () => {
    const { round, positions } = await drawnRoundWithPositions();
    const first = await t.services.settlement.settle(round.id);
    expect(first).toMatchObject({ status: 'settled', positions: positions.length });
    const transfers = await transferCount(t);
    expect(await t.services.settlement.settle(round.id)).toBeNull();
    expect(await t.services.settlement.void(round.id)).toBeNull();
    await t.services.roundEngine.tick();
    expect(await transferCount(t)).toBe(transfers + 0);
    await expectSettledOnce(positions, 'settled');
  });

  it('lets exactly one of two racing nodes and the scheduler settle', async () => {
    const { round, positions } = await drawnRoundWithPositions();
    const other = secondNode();
    const results = await Promise.all([
      t.services.settlement.settle(round.id),
      other.settlement.settle(round.id),
      t.services.settlement.settle(round.id),
      other.roundEngine.tick().then(() => null),
    ]);
    const done = results.filter((result) => result !== null);
    expect(done.length).toBeLessThanOrEqual(1);
    expect((await roundsOf(t, normal)).find((r) => r.id === round.id)?.status).toBe('settled');
    await expectSettledOnce(positions, 'settled');
  });

  it('lets a void and a settlement race: one wins, and the money follows that one only', async () => {
    const { round, positions } = await drawnRoundWithPositions();
    const other = secondNode();
    const [voided, settled] = await Promise.all([
      other.settlement.void(round.id),
      t.services.settlement.settle(round.id),
    ]);
    expect([voided, settled].filter((result) => result !== null)).toHaveLength(1);
    const status = (await roundsOf(t, normal)).find((r) => r.id === round.id)?.status;
    expect(status).toBe(voided ? 'void' : 'settled');
    await expectSettledOnce(positions, voided ? 'void' : 'settled');
    // The scheduler moves on from either.
    await t.services.roundEngine.tick();
    expect((await roundsOf(t, normal)).at(-1)?.status).toBe('open');
  });
});
