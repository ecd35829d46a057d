/**
 * The seal race, for real: a listening server on 127.0.0.1 with the wall clock, the scheduler loop
 * running short rounds, and clients firing positions over HTTP from just before to just after a round's
 * seals_at. Nothing is accepted at or after seals_at: every accepted position was created before it,
 * every request sent from seals_at on is refused with ROUND_NOT_OPEN, and the round then settles with
 * exactly the accepted positions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessLeadership } from '../src/modules/rounds/leadership.ts';
import { RoundScheduler } from '../src/modules/rounds/round-scheduler.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { expectLedgerOk, type MoneyUser, newKey, quickUser } from './money.ts';
import { credit, type RoundRecord, roomId, roundsOf } from './trading.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Attempt {
  sentAt: number;
  status: number;
  code: string | null;
  id: string | null;
}

describe.each(DRIVERS)('positions racing the seal on %s', (driver) => {
  let t: TestApp;
  let scheduler: RoundScheduler;
  let base: string;
  let users: MoneyUser[];
  let normal: string;
  beforeAll(async () => {
    t = await createTestApp({
      driver,
      realTime: true,
      env: { ROUND_SECONDS_OVERRIDE: '3', SEALED_SECONDS_OVERRIDE: '1', DRAWING_SECONDS_OVERRIDE: '1' },
    });
    normal = await roomId(t, 'normal');
    // Only the normal room runs, so each tick is short.
    await t.database.kysely.updateTable('rooms').set({ paused: true }).where('id', '<>', normal).execute();
    users = [];
    for (let i = 0; i < 6; i++) {
      const user = await quickUser(t, { prefix: 'race' });
      await credit(t, user.id, 10_000_000);
      users.push(user);
    }
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    scheduler = new RoundScheduler({
      engine: t.services.roundEngine,
      leadership: new InProcessLeadership(),
      logger: createLogger('silent'),
      tickMs: 20,
    });
    scheduler.start();
  });
  afterAll(async () => {
    await scheduler?.stop();
    await t?.close();
  });

  async function nextOpenRound(minimumLeftMs: number): Promise<RoundRecord> {
    for (let attempt = 0; attempt < 400; attempt++) {
      const open = (await roundsOf(t, normal)).find((round) => round.status === 'open');
      if (open && open.sealsAt.getTime() - Date.now() >= minimumLeftMs) return open;
      await sleep(25);
    }
    throw new Error('no open round in time');
  }

  async function send(user: MoneyUser, roundId: string): Promise<Attempt> {
    const sentAt = Date.now();
    const response = await fetch(`${base}/api/v1/rounds/${roundId}/positions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        bet: { category: 'both_sides', type: 'long' },
        amount: 100,
        idempotencyKey: newKey(),
      }),
    });
    const body = (await response.json()) as { id?: string; error?: { code: string } };
    return { sentAt, status: response.status, code: body.error?.code ?? null, id: body.id ?? null };
  }

  it('accepts nothing at or after seals_at', async () => {
    // Firing starts well before the seal: on a busy machine (PGlite shares the test's thread) a request
    // can take a few hundred ms, and some must be accepted for the test to mean anything.
    const round = await nextOpenRound(1_000);
    const sealsAt = round.sealsAt.getTime();
    await sleep(sealsAt - 700 - Date.now());
    const attempts: Attempt[] = [];
    await Promise.all(
      users.map(async (user) => {
        while (Date.now() < sealsAt + 200) attempts.push(await send(user, round.id));
      }),
    );

    const accepted = attempts.filter((attempt) => attempt.status === 201);
    const refused = attempts.filter((attempt) => attempt.status !== 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const attempt of refused) expect([attempt.status, attempt.code]).toEqual([409, 'ROUND_NOT_OPEN']);
    // Sent from seals_at on (same clock as the server's): always refused.
    for (const attempt of attempts.filter((a) => a.sentAt >= sealsAt)) expect(attempt.status).toBe(409);

    const positions = await t.database.kysely
      .selectFrom('positions')
      .select(['id', 'created_at'])
      .where('round_id', '=', round.id)
      .execute();
    expect(positions.map((p) => p.id).sort()).toEqual(accepted.map((a) => a.id).sort());
    for (const position of positions) expect(position.created_at.getTime()).toBeLessThan(sealsAt);

    // The round then settles with exactly those positions.
    for (let i = 0; i < 200; i++) {
      if ((await roundsOf(t, normal)).find((r) => r.id === round.id)?.status === 'settled') break;
      await sleep(25);
    }
    const settled = await t.database.kysely
      .selectFrom('rounds')
      .select(['status', 'position_count'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'settled', position_count: accepted.length });
    await expectLedgerOk(t);
  });
});
