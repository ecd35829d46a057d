/**
 * Withdrawals in the open: every public figure and every queue place, from withdrawals requested, paid
 * and rejected at set times (the test clock); the SQL agrees with the domain's definition on random
 * histories; a burst of readers costs one computation; an operator moves a figure only by deciding.
 */
import { randomUUID } from 'node:crypto';
import { withdrawalStatsEndpoints } from '@tradehall/contracts/endpoints';
import { type DecidedWithdrawal, WITHDRAWAL_STATS_WINDOWS, windowFigures } from '@tradehall/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type TestApp } from '../../../test/harness.ts';
import {
  bindCard,
  fund,
  type MoneyUser,
  newKey,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
} from '../../../test/money.ts';
import { WorkLog } from '../../../test/work-log.ts';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

const ENV = {
  TURNOVER_MULTIPLIER: '0',
  WITHDRAWALS_PER_DAY: '100',
  // The story below spans 35 days: the users' sessions must outlive it.
  SESSION_TTL_SECONDS: String(90 * DAY),
};

interface Stats {
  asOf: number;
  pending: { count: number; amount: number; oldestRequestedAt: number | null };
  windows: Array<{
    window: string;
    paid: number;
    rejected: number;
    medianSeconds: number | null;
    p95Seconds: number | null;
    rejectedShare: number | null;
  }>;
  medianWait: { window: string; seconds: number } | null;
}

interface Queue {
  asOf: number;
  pendingCount: number;
  medianWait: { window: string; seconds: number } | null;
  items: Array<{ id: string; reference: string; amount: number; createdAt: number; place: number }>;
}

const unix = (t: TestApp) => Math.floor(t.clock.now().getTime() / 1000);
const stats = async (t: TestApp) => (await call<Stats>(t, 'GET', '/withdrawals/stats')).body;
const queue = async (t: TestApp, user: MoneyUser) =>
  (await call<Queue>(t, 'GET', '/withdrawals/queue', { token: user.token })).body;

describe.each(DRIVERS)('withdrawals in the open on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let alice: MoneyUser;
  let bob: MoneyUser;
  let aliceCard: string;
  let bobCard: string;
  /** The instant the story is read at: every time below is relative to it. */
  let now: number;

  const at = (secondsFromNow: number) => t.clock.set(new Date((now + secondsFromNow) * 1000));

  async function request(user: MoneyUser, card: string, amount: number, secondsFromNow: number) {
    at(secondsFromNow);
    const response = await call<{ id: string; reference: string }>(t, 'POST', '/withdrawals', {
      token: user.token,
      body: {
        amount,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function decide(id: string, outcome: 'pay' | 'reject', secondsFromNow: number) {
    at(secondsFromNow);
    operator = await operatorToken(t);
    const body =
      outcome === 'pay' ? { paymentReference: `BANK-${id.slice(0, 8)}` } : { reason: 'Name mismatch' };
    const response = await call(t, 'POST', `/admin/withdrawals/${id}/${outcome}`, { token: operator, body });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ driver, env: ENV });
    now = unix(t) + 40 * DAY;
    at(-36 * DAY);
    operator = await operatorToken(t);
    alice = await quickUser(t, { prefix: 'alice' });
    bob = await quickUser(t, { prefix: 'bob' });
    aliceCard = await bindCard(t, alice);
    bobCard = await bindCard(t, bob);
    await fund(t, operator, alice, 1_000_000);
    await fund(t, operator, bob, 1_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows nothing pending and no times before any withdrawal', async () => {
    const empty = await stats(t);
    expect(empty.pending).toEqual({ count: 0, amount: 0, oldestRequestedAt: null });
    expect(empty.windows.map((w) => w.window)).toEqual(['24h', '7d', '30d']);
    for (const window of empty.windows) {
      expect(window).toMatchObject({
        paid: 0,
        rejected: 0,
        medianSeconds: null,
        p95Seconds: null,
        rejectedShare: null,
      });
    }
    expect(empty.medianWait).toBeNull();
  });

  it('computes every figure and every queue place from the withdrawals and their times', async () => {
    // In chronological order, as they happened.
    const w1 = await request(alice, aliceCard, 2_000, -35 * DAY);
    await decide(w1.id, 'pay', -34 * DAY); // paid 34 days ago: in no window
    const w2 = await request(bob, bobCard, 3_000, -31 * DAY);
    await decide(w2.id, 'reject', -29 * DAY); // rejected: 30 d only
    const w3 = await request(alice, aliceCard, 4_000, -24 * DAY - 3 * HOUR);
    await decide(w3.id, 'pay', -24 * DAY); // waited 3 h: 30 d
    const w4 = await request(bob, bobCard, 5_000, -6 * DAY - 30 * MINUTE);
    await decide(w4.id, 'pay', -6 * DAY); // waited 30 min: 7 d and 30 d
    const w5 = await request(alice, aliceCard, 6_000, -5 * HOUR);
    const w6 = await request(bob, bobCard, 7_000, -3 * HOUR);
    await decide(w5.id, 'pay', -2 * HOUR); // waited 3 h: every window
    const w7 = await request(alice, aliceCard, 8_000, -2 * HOUR + 1);
    const p1 = await request(alice, aliceCard, 10_000, -90 * MINUTE);
    const p2 = await request(bob, bobCard, 20_000, -80 * MINUTE);
    await decide(w6.id, 'pay', -HOUR); // waited 2 h: every window
    await decide(w7.id, 'reject', -30 * MINUTE); // rejected: every window
    const p3 = await request(alice, aliceCard, 30_000, -10 * MINUTE);
    at(0);

    const figures = await stats(t);
    expect(figures).toEqual({
      asOf: now,
      pending: { count: 3, amount: 60_000, oldestRequestedAt: now - 90 * MINUTE },
      windows: [
        // Paid waits 3 h and 2 h; one rejected of three decided.
        {
          window: '24h',
          paid: 2,
          rejected: 1,
          medianSeconds: 9_000,
          p95Seconds: 10_620,
          rejectedShare: 1 / 3,
        },
        // 30 min, 2 h, 3 h.
        { window: '7d', paid: 3, rejected: 1, medianSeconds: 7_200, p95Seconds: 10_440, rejectedShare: 0.25 },
        // 30 min, 2 h, 3 h, 3 h; two rejected of six.
        {
          window: '30d',
          paid: 4,
          rejected: 2,
          medianSeconds: 9_000,
          p95Seconds: 10_800,
          rejectedShare: 1 / 3,
        },
      ],
      medianWait: { window: '24h', seconds: 9_000 },
    });

    // First in, first out among everyone's pending: p1 (Alice), p2 (Bob), p3 (Alice).
    const mine = await queue(t, alice);
    expect(mine).toEqual({
      asOf: now,
      pendingCount: 3,
      medianWait: { window: '24h', seconds: 9_000 },
      items: [
        { id: p1.id, reference: p1.reference, amount: 10_000, createdAt: now - 90 * MINUTE, place: 1 },
        { id: p3.id, reference: p3.reference, amount: 30_000, createdAt: now - 10 * MINUTE, place: 3 },
      ],
    });
    expect((await queue(t, bob)).items).toEqual([
      { id: p2.id, reference: p2.reference, amount: 20_000, createdAt: now - 80 * MINUTE, place: 2 },
    ]);

    // Paying the head of the queue moves everyone up, and the public figures follow once they expire.
    await decide(p1.id, 'pay', 0);
    expect((await queue(t, alice)).items.map((item) => item.place)).toEqual([2]);
    expect((await queue(t, bob)).items.map((item) => item.place)).toEqual([1]);
    at(6);
    const after = await stats(t);
    expect(after.pending).toEqual({ count: 2, amount: 50_000, oldestRequestedAt: now - 80 * MINUTE });
    // A 90-minute wait joins the 24 h window: 1.5 h, 2 h, 3 h.
    expect(after.windows[0]).toEqual({
      window: '24h',
      paid: 3,
      rejected: 1,
      medianSeconds: 7_200,
      p95Seconds: 10_440,
      rejectedShare: 0.25,
    });

    // A day later the 24 h window has emptied and the wait a user is told comes from the 7 days.
    at(DAY + HOUR);
    const nextDay = await stats(t);
    expect(nextDay.windows[0]).toMatchObject({
      paid: 0,
      rejected: 0,
      medianSeconds: null,
      rejectedShare: null,
    });
    expect(nextDay.medianWait).toEqual({ window: '7d', seconds: nextDay.windows[1]?.medianSeconds });
    expect((await queue(t, bob)).medianWait).toEqual(nextDay.medianWait);
    at(0);
  });

  it('answers 304 to a reader that has the figures, and serves a burst from one computation', async () => {
    at(HOUR);
    const first = await call(t, 'GET', '/withdrawals/stats');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/withdrawals/stats',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(first.headers['cache-control']).toBe('no-cache');
    at(0);
  });

  it('refuses the queue to a visitor who is not signed in', async () => {
    expect((await call(t, 'GET', '/withdrawals/queue')).status).toBe(401);
  });
});

describe.each(DRIVERS)('withdrawal figures and operators on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares no way to write a figure: the stats are read-only endpoints', () => {
    for (const declaration of Object.values(withdrawalStatsEndpoints)) {
      expect(declaration.method).toBe('GET');
    }
  });

  it('moves a figure only when an operator decides a withdrawal', async () => {
    const operator = await operatorToken(t);
    const user = await quickUser(t, { prefix: 'figures' });
    const card = await bindCard(t, user);
    await fund(t, operator, user, 500_000);
    const requested = await call<{ id: string }>(t, 'POST', '/withdrawals', {
      token: user.token,
      body: {
        amount: 5_000,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });
    expect(requested.status).toBe(201);
    const fresh = async () => {
      t.clock.advanceSeconds(10);
      const { asOf: _asOf, ...figures } = await stats(t);
      return figures;
    };
    const before = await fresh();
    expect(before.pending.count).toBe(1);

    // What else an operator can do around a user and their money leaves every figure as it was.
    const adjusted = await call(t, 'POST', `/admin/users/${user.id}/balance-adjustments`, {
      token: operator,
      body: { amount: -1_000, reason: 'Correction', idempotencyKey: newKey() },
    });
    expect(adjusted.status).toBe(200);
    const listed = await call(t, 'GET', '/admin/withdrawals?status=pending', { token: operator });
    expect(listed.status).toBe(200);
    expect(await fresh()).toEqual(before);

    // Deciding is the only lever, and it moves exactly what it should.
    t.clock.advanceSeconds(20 * MINUTE);
    const rejected = await call(t, 'POST', `/admin/withdrawals/${requested.body.id}/reject`, {
      token: operator,
      body: { reason: 'Name mismatch' },
    });
    expect(rejected.status).toBe(200);
    const after = await fresh();
    expect(after.pending).toEqual({ count: 0, amount: 0, oldestRequestedAt: null });
    for (const window of after.windows) {
      expect(window).toMatchObject({ paid: 0, rejected: 1, medianSeconds: null, rejectedShare: 1 });
    }
  });

  it('computes one burst of 100 readers once', async () => {
    const log = new WorkLog();
    const observed = await createTestApp({ driver, env: ENV, observer: log });
    try {
      log.take();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          observed.app.inject({ method: 'GET', url: '/api/v1/withdrawals/stats' }),
        ),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      const reads = log.take().filter((entry) => entry.includes('from "withdrawals"'));
      // One computation: the pending figures and one query per window.
      expect(reads).toHaveLength(1 + WITHDRAWAL_STATS_WINDOWS.length);
    } finally {
      await observed.close();
    }
  });
});

describe.each(DRIVERS)('the SQL and the domain’s definition on %s', (driver) => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: ENV });
    userId = (await quickUser(t, { prefix: 'history' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('agree on every window of random histories, to the second', async () => {
    const start = unix(t);
    let run = 0;
    const history = fc.array(
      fc.record({
        requestedAgo: fc.integer({ min: 0, max: 40 * DAY }),
        wait: fc.integer({ min: 0, max: 3 * DAY }),
        // Sub-second parts of the stored times: the published waits are whole unix seconds.
        requestedMs: fc.integer({ min: 0, max: 999 }),
        decidedMs: fc.integer({ min: 0, max: 999 }),
        outcome: fc.constantFrom('paid' as const, 'rejected' as const, 'pending' as const),
      }),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(history, async (rows) => {
        // Each run reads later than the last, so the served figures are computed afresh.
        run += 1;
        const now = start + run * 10;
        const db = t.database.kysely;
        await db.deleteFrom('withdrawals').execute();
        const decided: DecidedWithdrawal[] = [];
        for (const row of rows) {
          const requestedAt = now - row.requestedAgo;
          const decidedAt = requestedAt + row.wait;
          const id = randomUUID();
          await db
            .insertInto('withdrawals')
            .values({
              id,
              reference: `W${id.slice(0, 9).replace('-', '').toUpperCase()}`,
              user_id: userId,
              amount: 2_000,
              status: row.outcome,
              destination_type: 'bank_card',
              destination_id: randomUUID(),
              destination_label: 'HSBC **** 7890',
              destination_detail: 'HSBC 6222021234567890 (Li Wei)',
              payment_reference: row.outcome === 'paid' ? 'BANK' : null,
              reject_reason: row.outcome === 'rejected' ? 'No' : null,
              decided_by: row.outcome === 'pending' ? null : 'operator:test',
              created_at: new Date(requestedAt * 1000 + row.requestedMs),
              decided_at: row.outcome === 'pending' ? null : new Date(decidedAt * 1000 + row.decidedMs),
            })
            .execute();
          if (row.outcome !== 'pending') decided.push({ requestedAt, decidedAt, outcome: row.outcome });
        }
        t.clock.set(new Date(now * 1000 + 500));
        const served = await stats(t);
        expect(served.windows).toEqual(
          WITHDRAWAL_STATS_WINDOWS.map((window) => windowFigures(decided, now, window)),
        );
        // The published samples, paged, give anyone the same figures.
        const samples: DecidedWithdrawal[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/withdrawals/stats/samples?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
          const page = await call<{ items: DecidedWithdrawal[]; nextCursor: string | null }>(t, 'GET', url);
          samples.push(...page.body.items);
          cursor = page.body.nextCursor;
        } while (cursor);
        const decidedTimes = samples.map((sample) => sample.decidedAt);
        expect(decidedTimes).toEqual([...decidedTimes].sort((a, b) => b - a));
        expect(served.windows).toEqual(
          WITHDRAWAL_STATS_WINDOWS.map((window) => windowFigures(samples, now, window)),
        );
      }),
      { numRuns: 25 },
    );
  });
});
