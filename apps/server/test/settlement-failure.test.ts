/**
 * A settlement that fails is never silent (decision 0042). A trigger of the test's refuses to mark one
 * round's positions, so its settlement fails inside the real transaction; the round engine, wired to
 * the metrics as a node wires it (startOperations), logs the failure with the round id and the cause,
 * counts it in tradehall_settlement_failures_total, retries it after 1 s, 2 s, 4 s... of the engine's
 * clock (never sooner), shows the round in tradehall_rounds_behind_schedule, and lets the room's next
 * round settle meanwhile. Once the cause is gone the round settles, paying once. Only work done is
 * compared (attempts counted, rows), never time.
 */
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_RETRY_MAX_MS } from '../src/modules/rounds/settlement-retries.ts';
import { Metrics } from '../src/platform/metrics/metrics.ts';
import { type Operations, startOperations } from '../src/start-operations.ts';
import { createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { balanceOf, quickUser } from './money.ts';
import {
  credit,
  expectSettledOnce,
  finishRound,
  openRound,
  place,
  type RoundRecord,
  roomId,
  roundsOf,
  stepTo,
  tick,
} from './trading.ts';

interface LogLine {
  level: number;
  msg: string;
  roundId?: string;
  roomId?: string;
  issue?: string;
  action?: string;
  failures?: number;
  retryInMs?: number;
  err?: { message?: string };
}

const FAILED = 'round settlement failed; retrying';
const CAUSE = 'settlement refused by the test';

describe.each(DRIVERS)('a failing settlement on %s', (driver) => {
  let t: TestApp;
  let operations: Operations;
  const metrics = new Metrics();
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    t = await createTestApp({ driver, logger, env: { LEDGER_CHECK_INTERVAL_MS: '0' } });
    operations = await startOperations({
      config: t.config,
      services: t.services,
      database: t.database,
      redis: null,
      realtime: null,
      metrics,
      clock: t.clock,
      logger,
    });
  });
  afterAll(async () => {
    await operations?.close();
    await t?.close();
  });

  const sample = async (name: string): Promise<number> =>
    (await metrics.registry.getSingleMetric(name)?.get())?.values[0]?.value ?? Number.NaN;
  const failures = () => sample('tradehall_settlement_failures_total');
  const behind = () => sample('tradehall_rounds_behind_schedule');
  const failureLines = () => lines.filter((line) => line.msg === FAILED);
  const statusOf = async (round: RoundRecord) =>
    (await roundsOf(t, round.roomId)).find((each) => each.id === round.id)?.status;
  const after = (round: RoundRecord, ms: number) => new Date(round.settlesAt.getTime() + ms);

  it('is logged with its round and cause, counted, retried with backoff, and settles once the cause is gone', async () => {
    const db = t.database.kysely;
    const normal = await roomId(t, 'normal');
    const user = await quickUser(t, { prefix: 'stall' });
    await credit(t, user.id, 10_000);
    const round = await openRound(t, normal);
    const placed = await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 1_000);
    expect(placed.status).toBe(201);
    await sql`create function test_refuse_settlement() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(CAUSE)}'; end $$`.execute(db);
    await sql`create trigger test_refuse_settlement before update on positions for each row
      when (old.round_id = ${sql.lit(round.id)}::uuid) execute function test_refuse_settlement()`.execute(db);

    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    expect(await failures()).toBe(0);
    await stepTo(t, round.settlesAt);
    expect(await failures()).toBe(1);
    expect(await statusOf(round)).toBe('drawing');
    expect(failureLines()).toEqual([
      expect.objectContaining({
        level: 50,
        roundId: round.id,
        roomId: normal,
        issue: round.issue,
        action: 'settle',
        failures: 1,
        retryInMs: 1_000,
        err: expect.objectContaining({ message: expect.stringContaining(CAUSE) }),
      }),
    ]);

    // Not tried again before its retry is due, however often the engine ticks.
    await tick(t);
    await tick(t);
    expect(await failures()).toBe(1);
    await stepTo(t, after(round, 1_000));
    expect(await failures()).toBe(2);
    expect(failureLines().at(-1)).toMatchObject({ failures: 2, retryInMs: 2_000 });
    await stepTo(t, after(round, 2_000));
    expect(await failures()).toBe(2);
    await stepTo(t, after(round, 3_000));
    expect(await failures()).toBe(3);

    // Past 5 s late it counts as behind schedule (the second tick sees only what is still due).
    await stepTo(t, after(round, 6_000));
    await tick(t);
    expect(await behind()).toBe(1);
    expect(await failures()).toBe(3);

    // The room goes on: its next round settles while this one still fails.
    const [next] = await roundsOf(t, normal, 'open');
    if (!next) throw new Error('the room opened no next round');
    await finishRound(t, next);
    expect(await statusOf(next)).toBe('settled');
    expect(await statusOf(round)).toBe('drawing');
    const failed = await failures();
    expect(failed).toBeGreaterThan(3);
    expect(failureLines()).toHaveLength(failed);
    expect(await balanceOf(t, user.id)).toBe(10_000 - 1_000);

    // The cause removed, its next retry settles it, once.
    await sql`drop trigger test_refuse_settlement on positions`.execute(db);
    await sql`drop function test_refuse_settlement()`.execute(db);
    await stepTo(t, new Date(next.settlesAt.getTime() + SETTLEMENT_RETRY_MAX_MS));
    expect(await statusOf(round)).toBe('settled');
    expect(await failures()).toBe(failed);
    await tick(t);
    expect(await behind()).toBe(0);
    await expectSettledOnce(t, [placed.body.id]);
  });
});
