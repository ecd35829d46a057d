/**
 * Money under real concurrency, on real PostgreSQL (a pool of 10 connections, requests in flight at
 * once through the whole HTTP stack via inject). Runs wherever TEST_DATABASE_URL is set, as in CI:
 *   - 200 simultaneous withdrawals against a balance that covers exactly 100: exactly 100 are held, the
 *     rest refused, the balance ends at 0 and never below;
 *   - 1,000 simultaneous submissions of one deposit with one idempotency key: exactly one deposit, and
 *     1,000 identical answers.
 * The figures are printed for the closing note.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, countRows, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import {
  balanceOf,
  bindCard,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
} from './money.ts';

const WITHDRAWALS = 200;
const COVERED = 100;
const AMOUNT = 2000;
const DUPLICATES = 1000;

describe.runIf(DRIVERS.includes('postgres'))('money under concurrency on real PostgreSQL', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({
      driver: 'postgres',
      env: { TURNOVER_MULTIPLIER: '0', WITHDRAWALS_PER_DAY: '1000' },
    });
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${WITHDRAWALS} concurrent withdrawals on a balance covering ${COVERED}: exactly ${COVERED} succeed`, async () => {
    const user: MoneyUser = await quickUser(t);
    const card = await bindCard(t, user);
    await fund(t, operator, user, COVERED * AMOUNT);
    expect(await balanceOf(t, user.id)).toBe(COVERED * AMOUNT);

    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: WITHDRAWALS }, () =>
        t.app.inject({
          method: 'POST',
          url: `${API}/withdrawals`,
          headers: { authorization: `Bearer ${user.token}` },
          payload: {
            amount: AMOUNT,
            destinationType: 'bank_card',
            destinationId: card,
            paymentPassword: PAYMENT_PASSWORD,
            idempotencyKey: newKey(),
          },
        }),
      ),
    );
    const elapsedMs = Math.round(performance.now() - started);

    const succeeded = responses.filter((response) => response.statusCode === 201).length;
    const refusals = responses.filter((response) => response.statusCode !== 201);
    const refusalCodes = new Set(
      refusals.map((response) => (JSON.parse(response.body) as ErrorBody).error.code),
    );
    const finalBalance = await balanceOf(t, user.id);
    const held = await sql<{ n: number; total: string }>`
      select count(*)::int as n, coalesce(sum(amount), 0)::text as total from withdrawals where user_id = ${user.id}
    `.execute(t.database.kysely);
    console.log(
      `concurrent withdrawals: ${WITHDRAWALS} requests in ${elapsedMs} ms; ${succeeded} succeeded, ` +
        `${refusals.length} refused (${[...refusalCodes].join(', ')}); final balance ${finalBalance}; ` +
        `withdrawals held ${held.rows[0]?.n} totalling ${held.rows[0]?.total}`,
    );

    expect(succeeded).toBe(COVERED);
    expect(refusals).toHaveLength(WITHDRAWALS - COVERED);
    for (const response of refusals) expect(response.statusCode).toBe(400);
    expect(
      [...refusalCodes].every((code) => code === 'INSUFFICIENT_FUNDS' || code === 'EXCEEDS_WITHDRAWABLE'),
    ).toBe(true);
    expect(finalBalance).toBe(0);
    expect(held.rows[0]).toEqual({ n: COVERED, total: String(COVERED * AMOUNT) });
    await expectLedgerOk(t);
  }, 120_000);

  it(`${DUPLICATES} concurrent submissions with one idempotency key: one deposit, identical answers`, async () => {
    const user = await quickUser(t);
    const depositsBefore = await countRows(t, 'deposits');
    const payload = { method: 'offline', amount: 5000, depositorName: 'Li Wei', idempotencyKey: newKey() };

    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: DUPLICATES }, () =>
        t.app.inject({
          method: 'POST',
          url: `${API}/deposits`,
          headers: { authorization: `Bearer ${user.token}` },
          payload,
        }),
      ),
    );
    const elapsedMs = Math.round(performance.now() - started);

    const statuses = new Set(responses.map((response) => response.statusCode));
    const bodies = new Set(responses.map((response) => response.body));
    const created = await t.database.kysely
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    console.log(
      `duplicate submissions: ${DUPLICATES} requests with one key in ${elapsedMs} ms; ` +
        `statuses ${[...statuses].join(', ')}; distinct bodies ${bodies.size}; deposits created ${created.length}`,
    );

    expect([...statuses]).toEqual([201]);
    expect(bodies.size).toBe(1);
    expect(created).toHaveLength(1);
    expect(JSON.parse([...bodies][0] ?? '{}')).toMatchObject({
      id: created[0]?.id,
      amount: 5000,
      status: 'pending',
    });
    expect(await countRows(t, 'deposits')).toBe(depositsBefore + 1);
    const approved = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/deposits/${created[0]?.id}/approve`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(approved.statusCode).toBe(200);
    expect(await balanceOf(t, user.id)).toBe(5000);
    await expectLedgerOk(t);
  }, 120_000);
});

interface ErrorBody {
  error: { code: string };
}
