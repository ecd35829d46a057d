/**
 * Bad input to the trading routes: unknown bet types, special numbers outside 0-27 or fractional, amounts
 * outside the room's limits or with fractions of a cent, rounds that are not open, rooms the user has not
 * qualified for, made-up or malformed ids. Each gets a typed error with a translated message, and not a
 * row is written (counted before and after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import { expectLedgerOk, type MoneyUser, newKey, quickUser } from './money.ts';
import { credit, finishRound, openRound, type RoundRecord, roomId, tick } from './trading.ts';

const TABLES = ['positions', 'ledger_transfers', 'idempotency_keys', 'rounds', 'fairness_chains'] as const;

const LONG = { category: 'both_sides', type: 'long' };

describe.each(DRIVERS)('bad trading input on %s', (driver) => {
  let t: TestApp;
  let user: MoneyUser;
  let open: RoundRecord;
  let settled: RoundRecord;
  let vipRound: RoundRecord;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    user = await quickUser(t);
    await credit(t, user.id, 50_000);
    const normal = await roomId(t, 'normal');
    await tick(t);
    settled = await openRound(t, normal);
    await finishRound(t, settled);
    open = await openRound(t, normal);
    vipRound = await openRound(t, await roomId(t, 'vip'));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectNothingWritten(send: () => Promise<{ status: number; body: unknown }>) {
    const before = await Promise.all(TABLES.map((table) => countRows(t, table)));
    const response = await send();
    expect(await Promise.all(TABLES.map((table) => countRows(t, table)))).toEqual(before);
    return response as { status: number; body: ErrorJson };
  }

  const positionCases: Array<[string, unknown, number, string, string]> = [
    [
      'an unknown bet type',
      { ...LONG, type: 'triple' },
      400,
      'VALIDATION_FAILED',
      'Please choose a valid position',
    ],
    [
      'an unknown category',
      { category: 'lucky' },
      400,
      'VALIDATION_FAILED',
      'Please choose a valid position',
    ],
    [
      'a bet without its category',
      { type: 'long' },
      400,
      'VALIDATION_FAILED',
      'Please choose a valid position',
    ],
    [
      'a special number above 27',
      { category: 'special_number', number: 28 },
      400,
      'VALIDATION_FAILED',
      'The special number must be between 0 and 27',
    ],
    [
      'a negative special number',
      { category: 'special_number', number: -1 },
      400,
      'VALIDATION_FAILED',
      'The special number must be between 0 and 27',
    ],
    [
      'a fractional special number',
      { category: 'special_number', number: 13.5 },
      400,
      'VALIDATION_FAILED',
      'The special number must be between 0 and 27',
    ],
    [
      'a special number as a string',
      { category: 'special_number', number: '13' },
      400,
      'VALIDATION_FAILED',
      'The special number must be between 0 and 27',
    ],
    [
      'a both-sides bet with a number',
      { ...LONG, number: 3 },
      400,
      'VALIDATION_FAILED',
      'This field is not allowed',
    ],
  ];

  it.each(positionCases)('refuses %s', async (_name, bet, status, code, message) => {
    const response = await expectNothingWritten(() =>
      call(t, 'POST', `/rounds/${open.id}/positions`, {
        token: user.token,
        body: { bet, amount: 1_000, idempotencyKey: newKey() },
      }),
    );
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(JSON.stringify(response.body.error)).toContain(message);
  });

  const amountCases: Array<[string, unknown, string, string]> = [
    ['a fraction of a cent', 1000.5, 'VALIDATION_FAILED', 'Amounts have at most two decimal places'],
    ['zero', 0, 'VALIDATION_FAILED', 'The amount must be greater than zero'],
    ['a negative amount', -100, 'VALIDATION_FAILED', 'The amount must be greater than zero'],
    ['an amount as a string', '1000', 'VALIDATION_FAILED', 'Please enter the investment amount'],
    ['no amount', undefined, 'VALIDATION_FAILED', 'Please enter the investment amount'],
    ['below the room’s minimum', 99, 'STAKE_BELOW_MINIMUM', 'The minimum investment amount is $1.00'],
    [
      'above the room’s maximum',
      100_001,
      'STAKE_ABOVE_MAXIMUM',
      'The maximum investment amount is $1,000.00',
    ],
  ];

  it.each(amountCases)('refuses %s', async (_name, amount, code, message) => {
    const response = await expectNothingWritten(() =>
      call(t, 'POST', `/rounds/${open.id}/positions`, {
        token: user.token,
        body: { bet: LONG, amount, idempotencyKey: newKey() },
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(JSON.stringify(response.body.error)).toContain(message);
  });

  it('refuses extra fields, a missing or malformed key, and a body for another shape', async () => {
    for (const body of [
      { bet: LONG, amount: 1_000, idempotencyKey: newKey(), roomId: open.roomId },
      { bet: LONG, amount: 1_000 },
      { bet: LONG, amount: 1_000, idempotencyKey: 'short' },
      { bet: LONG, amount: 1_000, idempotencyKey: newKey(), multiplier: 100_000 },
    ]) {
      const response = await expectNothingWritten(() =>
        call(t, 'POST', `/rounds/${open.id}/positions`, { token: user.token, body }),
      );
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a round that is not open, with "Disk sealed, wait for result"', async () => {
    const response = await expectNothingWritten(() =>
      call(t, 'POST', `/rounds/${settled.id}/positions`, {
        token: user.token,
        body: { bet: LONG, amount: 1_000, idempotencyKey: newKey() },
      }),
    );
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'ROUND_NOT_OPEN',
      message: 'Disk sealed, wait for result',
    });
  });

  it('refuses a room the user has not qualified for, naming the amount missing', async () => {
    const response = await expectNothingWritten(() =>
      call(t, 'POST', `/rounds/${vipRound.id}/positions`, {
        token: user.token,
        body: { bet: LONG, amount: 1_000, idempotencyKey: newKey() },
      }),
    );
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'ENTRY_MINIMUM_NOT_MET',
      params: { amount: '$500.00' },
    });
    const entering = await expectNothingWritten(() =>
      call(t, 'POST', `/rooms/${vipRound.roomId}/enter`, { token: user.token }),
    );
    expect(entering.body.error.code).toBe('ENTRY_MINIMUM_NOT_MET');
  });

  it('answers made-up ids with NOT_FOUND and malformed ones with VALIDATION_FAILED', async () => {
    const madeUp = crypto.randomUUID();
    const cases: Array<[method: 'GET' | 'POST', url: string, status: number, code: string]> = [
      ['POST', `/rounds/${madeUp}/positions`, 404, 'NOT_FOUND'],
      ['POST', '/rounds/not-a-round/positions', 400, 'VALIDATION_FAILED'],
      // A room id where a round id belongs is just an unknown round.
      ['POST', `/rounds/${open.roomId}/positions`, 404, 'NOT_FOUND'],
      ['GET', `/rounds/${madeUp}`, 404, 'NOT_FOUND'],
      ['GET', `/rounds/${open.roomId}`, 404, 'NOT_FOUND'],
      ['GET', `/rooms/${madeUp}`, 404, 'NOT_FOUND'],
      ['GET', `/rooms/${open.id}`, 404, 'NOT_FOUND'],
      ['POST', `/rooms/${madeUp}/enter`, 404, 'NOT_FOUND'],
      ['GET', `/rooms/${madeUp}/rounds`, 404, 'NOT_FOUND'],
      ['GET', `/fairness/rounds/${madeUp}`, 404, 'NOT_FOUND'],
      ['GET', '/fairness/rounds/1', 400, 'VALIDATION_FAILED'],
      ['GET', '/positions?cursor=garbage', 400, 'VALIDATION_FAILED'],
      ['GET', '/revenue?limit=1000', 400, 'VALIDATION_FAILED'],
      [
        'GET',
        `/rooms/${open.roomId}/rounds?cursor=${Buffer.from('[1,"x"]').toString('base64url')}`,
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [method, url, status, code] of cases) {
      const response = await expectNothingWritten(() =>
        call(t, method, url, {
          token: user.token,
          ...(method === 'POST' && url.endsWith('/positions')
            ? { body: { bet: LONG, amount: 1_000, idempotencyKey: newKey() } }
            : {}),
        }),
      );
      expect([url, response.status, response.body.error.code]).toEqual([url, status, code]);
    }
  });

  it('needs a signed-in user to take a position or read my records', async () => {
    for (const [method, url] of [
      ['POST', `/rounds/${open.id}/positions`],
      ['GET', '/positions'],
      ['GET', '/revenue'],
      ['GET', `/rounds/${open.id}`],
      ['POST', `/rooms/${open.roomId}/enter`],
    ] as const) {
      const response = await expectNothingWritten(() =>
        call(t, method, url, {
          token: 'not-a-token',
          ...(method === 'POST' ? { body: { bet: LONG, amount: 1_000, idempotencyKey: newKey() } } : {}),
        }),
      );
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
    }
    await expectLedgerOk(t);
  });
});
