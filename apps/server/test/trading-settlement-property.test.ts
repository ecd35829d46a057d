/**
 * Property: for random rounds — a random fairness chain (seed and salt chosen by fast-check), random
 * positions of several users on every kind of bet, and some rounds voided while open, sealed or drawing —
 * the server agrees with an independent model built from the domain alone (drawDigits for the result,
 * betWins / payoutFor / multiplierHundredths for the money): every position's status and payout, every
 * user's balance, the transfers of each position (each exactly once), an escrow back at zero, and the
 * ledger invariant after every case. Settling or voiding a second time changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { fairnessProofSchema } from '@tradehall/contracts';
import {
  type Bet,
  BOTH_SIDES_BETS,
  betWins,
  buildChain,
  digitSum,
  drawDigits,
  multiplierHundredths,
  payoutFor,
  verifyRound,
} from '@tradehall/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../src/platform/db/cents.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { balanceOf, expectLedgerOk, type MoneyUser, quickUser } from './money.ts';
import {
  credit,
  escrowBalance,
  place,
  roomId,
  roundsOf,
  stepTo,
  tick,
  transfersOfPosition,
} from './trading.ts';

const USERS = 4;
const START_BALANCE = 250_000;
const EDGE_BPS = 200;
const CHAIN_LENGTH = 200;

const betArbitrary: fc.Arbitrary<Bet> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(...BOTH_SIDES_BETS).map((type): Bet => ({ category: 'both_sides', type })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 27 }).map((number): Bet => ({ category: 'special_number', number })),
  },
);

const caseArbitrary = fc.record({
  seed: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  salt: fc.stringMatching(/^[a-z0-9]{1,24}$/),
  positions: fc.array(
    fc.record({
      user: fc.integer({ min: 0, max: USERS - 1 }),
      bet: betArbitrary,
      // The normal room's limits: $1 to $1,000.
      amount: fc.integer({ min: 100, max: 100_000 }),
    }),
    { minLength: 1, maxLength: 16 },
  ),
  voidAt: fc.constantFrom(null, null, null, null, 'open' as const, 'sealed' as const, 'drawing' as const),
});

describe.each(DRIVERS)('settlement against a model on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  let users: MoneyUser[];
  const model = new Map<string, number>();
  let cases = 0;
  const seen = { won: 0, lost: 0, refunded: 0 };

  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
    // Only the normal room runs; it is unpaused for one round per case.
    await t.database.kysely.updateTable('rooms').set({ paused: true }).execute();
    users = [];
    for (let i = 0; i < USERS; i++) {
      const user = await quickUser(t, { prefix: 'model' });
      await credit(t, user.id, START_BALANCE);
      model.set(user.id, START_BALANCE);
      users.push(user);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pays, refunds and moves money exactly as the model says, once', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (input) => {
        const db = t.database.kysely;
        // This case's chain: the next round takes its index 1. A counter keeps chains distinct when
        // shrinking replays a seed (terminal hashes are unique).
        cases += 1;
        const seed = `${cases.toString(16).padStart(8, '0')}${Buffer.from(input.seed).toString('hex').slice(8)}`;
        const chain = buildChain(seed, CHAIN_LENGTH);
        await db
          .updateTable('fairness_chains')
          .set((eb) => ({ next_index: eb('length', '+', 1) }))
          .where('room_id', '=', normal)
          .execute();
        await db
          .insertInto('fairness_chains')
          .values({
            id: randomUUID(),
            room_id: normal,
            seed,
            salt: input.salt,
            terminal_hash: chain.terminalHash,
            length: CHAIN_LENGTH,
            next_index: 1,
            created_at: t.clock.now(),
          })
          .execute();
        await db.updateTable('rooms').set({ paused: false }).where('id', '=', normal).execute();
        await tick(t);
        const round = (await roundsOf(t, normal)).at(-1);
        if (round?.status !== 'open') throw new Error('no open round');
        expect(round.commitment).toBe(chain.terminalHash);

        const accepted: Array<{ id: string; user: string; bet: Bet; amount: number; multiplier: number }> =
          [];
        for (const position of input.positions) {
          const user = users[position.user];
          if (!user) throw new Error('no user');
          const balance = model.get(user.id) ?? 0;
          const response = await place(t, user, round.id, position.bet, position.amount);
          if (balance >= position.amount) {
            expect(response.status).toBe(201);
            const multiplier = multiplierHundredths(position.bet, EDGE_BPS);
            expect(response.body.multiplier).toBe(multiplier);
            accepted.push({
              id: response.body.id,
              user: user.id,
              bet: position.bet,
              amount: position.amount,
              multiplier,
            });
            model.set(user.id, balance - position.amount);
          } else {
            expect(response.body.error?.code).toBe('INSUFFICIENT_FUNDS');
          }
        }
        // No new round after this one: the next case brings its own chain.
        await db.updateTable('rooms').set({ paused: true }).where('id', '=', normal).execute();

        const voidNow = async () => {
          expect(await t.services.settlement.void(round.id)).toMatchObject({ status: 'void' });
          expect(await t.services.settlement.void(round.id)).toBeNull();
          expect(await t.services.settlement.settle(round.id)).toBeNull();
        };
        if (input.voidAt === 'open') await voidNow();
        else {
          await stepTo(t, round.sealsAt);
          if (input.voidAt === 'sealed') await voidNow();
          else {
            await stepTo(t, round.drawsAt);
            if (input.voidAt === 'drawing') await voidNow();
            else {
              await stepTo(t, round.settlesAt);
              expect(await t.services.settlement.settle(round.id)).toBeNull();
            }
          }
        }

        const final = (await roundsOf(t, normal)).find((r) => r.id === round.id);
        const voided = input.voidAt !== null;
        expect(final?.status).toBe(voided ? 'void' : 'settled');
        const drawn = input.voidAt === null || input.voidAt === 'drawing';
        const digits = drawDigits(chain.roundHashes[0] ?? '', input.salt, round.issue);
        const sum = digitSum(digits);
        if (drawn) {
          expect(final?.sum).toBe(sum);
          const proof = fairnessProofSchema.parse(
            (await call(t, 'GET', `/fairness/rounds/${round.id}`)).body,
          );
          expect(proof.digits).toEqual(digits);
          expect(verifyRound(proof).ok).toBe(true);
        } else {
          expect(final?.sum).toBeNull();
        }

        const rows = await db
          .selectFrom('positions')
          .select(['id', 'status', 'payout'])
          .where('round_id', '=', round.id)
          .execute();
        expect(rows).toHaveLength(accepted.length);
        for (const position of accepted) {
          const row = rows.find((r) => r.id === position.id);
          const won = !voided && betWins(position.bet, sum);
          const payout = voided ? position.amount : won ? payoutFor(position.amount, position.multiplier) : 0;
          const status = voided ? 'refunded' : won ? 'won' : 'lost';
          expect({ status: row?.status, payout: toCents(row?.payout) }).toEqual({ status, payout });
          seen[status] += 1;
          model.set(position.user, (model.get(position.user) ?? 0) + payout);

          const expected = [{ key: 'stake', code: 'stake', amount: position.amount }];
          if (voided) expected.push({ key: 'refund', code: 'refund', amount: position.amount });
          else if (won) {
            expected.push({ key: 'return', code: 'payout', amount: position.amount });
            expected.push({ key: 'win', code: 'payout', amount: payout - position.amount });
          } else expected.push({ key: 'lost', code: 'stake_lost', amount: position.amount });
          expect(await transfersOfPosition(t, position.id)).toEqual(expected);
        }
        for (const user of users) expect(await balanceOf(t, user.id)).toBe(model.get(user.id));
        expect(await escrowBalance(t)).toBe(0);
        await expectLedgerOk(t);
      }),
      { numRuns: driver === 'pglite' ? 40 : 20 },
    );
    // The random rounds did exercise every outcome.
    expect(seen.won).toBeGreaterThan(0);
    expect(seen.lost).toBeGreaterThan(0);
    expect(seen.refunded).toBeGreaterThan(0);
  });
});
