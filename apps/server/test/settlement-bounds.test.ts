/**
 * The payout bounds (decision 0042) against the real database. A position settlement could not pay —
 * the stall once seen with a multiplier near 2^31, whose round stayed unsettled — can no longer be
 * written, neither by a direct insert nor by an update; a room cannot allow a stake above the ceiling;
 * and a round holding positions AT the bounds (the largest stake, the largest multiplier) settles, paying
 * exactly stake x multiplier / 100 once, with the escrow back at zero and the ledger holding.
 */
import {
  MULTIPLIER_MAX_HUNDREDTHS,
  PAYOUT_MAX_CENTS,
  SPECIAL_NUMBER_MAX,
  STAKE_CEILING_CENTS,
} from '@tradehall/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { balanceOf, quickUser } from './money.ts';
import { credit, expectSettledOnce, finishRound, openRound, place, roomId, roundsOf } from './trading.ts';

const INT4_MAX = 2 ** 31 - 1;

describe.each(DRIVERS)('payout bounds on %s', (driver) => {
  let t: TestApp;
  let normal: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a position or a room settlement could not pay, by insert or by update', async () => {
    const user = await quickUser(t, { prefix: 'bounds' });
    await credit(t, user.id, 10_000);
    const round = await openRound(t, normal);
    const placed = await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 1_000);
    expect(placed.status).toBe(201);
    const db = t.database.kysely;
    // A copy of the placed row under a new id, with the given stake and multiplier.
    const insertCopy = (amount: number, multiplier: number) =>
      sql`
      insert into positions (id, round_id, room_id, user_id, account_id, bet_category, bet_type, amount,
        multiplier, status, created_at)
      select gen_random_uuid(), round_id, room_id, user_id, account_id, bet_category, bet_type, ${amount},
        ${multiplier}, 'open', created_at
      from positions where id = ${placed.body.id}
    `.execute(db);
    await expect(insertCopy(1_000, INT4_MAX)).rejects.toThrow(/positions_multiplier_max/);
    await expect(insertCopy(1_000, MULTIPLIER_MAX_HUNDREDTHS + 1)).rejects.toThrow(
      /positions_multiplier_max/,
    );
    await expect(insertCopy(STAKE_CEILING_CENTS + 1, 196)).rejects.toThrow(/positions_amount_ceiling/);
    const positions = db.updateTable('positions').where('id', '=', placed.body.id);
    await expect(positions.set({ multiplier: INT4_MAX }).execute()).rejects.toThrow(
      /positions_multiplier_max/,
    );
    await expect(positions.set({ amount: STAKE_CEILING_CENTS + 1 }).execute()).rejects.toThrow(
      /positions_amount_ceiling/,
    );
    await expect(
      db
        .updateTable('rooms')
        .set({ stake_maximum: STAKE_CEILING_CENTS + 1 })
        .where('id', '=', normal)
        .execute(),
    ).rejects.toThrow(/rooms_stake_maximum_ceiling/);
    // Nothing but the placed position is in the round.
    const rows = await db
      .selectFrom('positions')
      .select(['amount', 'multiplier'])
      .where('round_id', '=', round.id)
      .execute();
    expect(rows).toEqual([{ amount: 1_000, multiplier: placed.body.multiplier }]);
    await finishRound(t, round);
    expect((await roundsOf(t, normal)).find((r) => r.id === round.id)?.status).toBe('settled');
  });

  it('settles a round of positions at the bounds, paying each exactly once', async () => {
    const db = t.database.kysely;
    const numbers = SPECIAL_NUMBER_MAX + 1;
    const user = await quickUser(t, { prefix: 'ceiling' });
    await credit(t, user.id, numbers * STAKE_CEILING_CENTS);
    await db
      .updateTable('rooms')
      .set({ stake_maximum: STAKE_CEILING_CENTS })
      .where('id', '=', normal)
      .execute();
    try {
      const round = await openRound(t, normal);
      // The largest stake on every sum: whatever the draw, exactly one position wins.
      const ids: string[] = [];
      for (let number = 0; number < numbers; number++) {
        const placed = await place(
          t,
          user,
          round.id,
          { category: 'special_number', number },
          STAKE_CEILING_CENTS,
        );
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        ids.push(placed.body.id);
      }
      // At the largest multiplier (the catalogue gives it only at no house edge), as the stall's input
      // was written: the stakes' ledger transfers stand, only the payout grows.
      await db
        .updateTable('positions')
        .set({ multiplier: MULTIPLIER_MAX_HUNDREDTHS })
        .where('round_id', '=', round.id)
        .execute();
      await finishRound(t, round);

      const settled = await db
        .selectFrom('rounds')
        .select(['status', 'stake_total', 'payout_total', 'position_count'])
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow();
      expect(settled).toEqual({
        status: 'settled',
        stake_total: numbers * STAKE_CEILING_CENTS,
        payout_total: PAYOUT_MAX_CENTS,
        position_count: numbers,
      });
      const outcomes = await db
        .selectFrom('positions')
        .select(['status', 'payout'])
        .where('round_id', '=', round.id)
        .execute();
      expect(outcomes.filter((row) => row.status === 'won')).toEqual([
        { status: 'won', payout: PAYOUT_MAX_CENTS },
      ]);
      expect(outcomes.filter((row) => row.status === 'lost')).toHaveLength(numbers - 1);
      expect(await balanceOf(t, user.id)).toBe(PAYOUT_MAX_CENTS);
      await expectSettledOnce(t, ids);
    } finally {
      await db.updateTable('rooms').set({ stake_maximum: 100_000 }).where('id', '=', normal).execute();
    }
  });
});
