/**
 * The metrics endpoint of a real server process (PGlite, and PostgreSQL with TEST_DATABASE_URL; with
 * Redis when TEST_REDIS_URL is set): every series docs/operations/metrics.md documents is exposed, and
 * after a journey (HTTP reads, realtime clients, a position in a round that settles, a pending deposit,
 * the periodic ledger check) each has moved the way the journey says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshPostgresDatabase,
  fundedDemoUser,
  type Node,
  newKey,
  openRound,
  place,
  type Samples,
  SHORT_ROUNDS,
  scrape,
  startNode,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  tempDir,
  value,
} from './operations-support.ts';
import { REPO_ROOT, request, waitFor } from './pg-cluster.ts';
import { connectNotices, WsTestClient } from './realtime-support.ts';

const documented = [
  ...readFileSync(path.join(REPO_ROOT, 'docs/operations/metrics.md'), 'utf8').matchAll(
    /^\| `([a-z_]+)` \|/gm,
  ),
].map((match) => match[1] ?? '');

/** How each documented series must look before and after the journey. */
const MOVED: Record<string, (before: Samples, after: Samples, redis: boolean) => void> = {
  tradehall_http_request_duration_seconds: (before, after) => {
    const rooms = { route: '/api/v1/rooms', status: '200' };
    const count = (samples: Samples) =>
      value(samples, 'tradehall_http_request_duration_seconds_count', rooms);
    expect(count(after)).toBeGreaterThan(Number.isNaN(count(before)) ? 0 : count(before));
    expect(
      value(after, 'tradehall_http_request_duration_seconds_count', { route: 'unmatched' }),
    ).toBeGreaterThan(0);
  },
  nodejs_eventloop_lag_seconds: (_before, after) => {
    expect(value(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
  },
  nodejs_heap_size_used_bytes: (before, after) => {
    expect(value(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value(after, 'nodejs_heap_size_used_bytes')).not.toBe(
      value(before, 'nodejs_heap_size_used_bytes'),
    );
  },
  process_resident_memory_bytes: (_before, after) => {
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  },
  tradehall_db_pool_connections: (_before, after) => {
    expect(value(after, 'tradehall_db_pool_connections', { state: 'size' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'tradehall_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(value(after, 'tradehall_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
  },
  tradehall_redis_connected: (_before, after, redis) => {
    if (redis) expect(value(after, 'tradehall_redis_connected')).toBe(1);
    else expect(value(after, 'tradehall_redis_connected')).toBeNaN();
  },
  // Checked while the clients are connected (see the test): here, after they left, back to zero.
  tradehall_realtime_connections: (_before, after) => {
    expect(value(after, 'tradehall_realtime_connections', { transport: 'ws' })).toBe(0);
    expect(value(after, 'tradehall_realtime_connections', { transport: 'socketio' })).toBe(0);
  },
  tradehall_rounds_behind_schedule: (_before, after) => {
    expect(value(after, 'tradehall_rounds_behind_schedule')).toBe(0);
  },
  // Exposed from the start; a healthy journey's settlement never fails (settlement-failure.test.ts
  // forces one and reads the count).
  tradehall_settlement_failures_total: (before, after) => {
    expect(value(before, 'tradehall_settlement_failures_total')).toBe(0);
    expect(value(after, 'tradehall_settlement_failures_total')).toBe(0);
  },
  tradehall_round_step_duration_seconds: (before, after) => {
    for (const step of ['seal', 'draw', 'settle']) {
      const count = (samples: Samples) =>
        value(samples, 'tradehall_round_step_duration_seconds_count', { step }) || 0;
      expect(count(after), step).toBeGreaterThan(count(before));
    }
  },
  tradehall_ledger_checks_total: (before, after) => {
    const ok = (samples: Samples) => value(samples, 'tradehall_ledger_checks_total', { result: 'ok' }) || 0;
    expect(ok(after)).toBeGreaterThan(ok(before));
    expect(value(after, 'tradehall_ledger_checks_total', { result: 'failed' }) || 0).toBe(0);
  },
  tradehall_ledger_check_ok: (_before, after) => {
    expect(value(after, 'tradehall_ledger_check_ok')).toBe(1);
  },
  tradehall_ledger_check_timestamp_seconds: (before, after) => {
    const at = value(after, 'tradehall_ledger_check_timestamp_seconds');
    expect(at).toBeGreaterThan(value(before, 'tradehall_ledger_check_timestamp_seconds') || 0);
    expect(Math.abs(at - Date.now() / 1000)).toBeLessThan(120);
  },
  tradehall_ledger_check_duration_seconds: (_before, after) => {
    expect(value(after, 'tradehall_ledger_check_duration_seconds')).toBeGreaterThan(0);
  },
  tradehall_money_pending: (before, after) => {
    expect(value(before, 'tradehall_money_pending', { kind: 'deposit' })).toBe(0);
    expect(value(after, 'tradehall_money_pending', { kind: 'deposit' })).toBe(1);
    expect(value(after, 'tradehall_money_pending', { kind: 'withdrawal' })).toBe(0);
  },
  tradehall_money_pending_oldest_age_seconds: (before, after) => {
    expect(value(before, 'tradehall_money_pending_oldest_age_seconds', { kind: 'deposit' })).toBe(0);
    expect(value(after, 'tradehall_money_pending_oldest_age_seconds', { kind: 'deposit' })).toBeGreaterThan(
      0,
    );
    expect(value(after, 'tradehall_money_pending_oldest_age_seconds', { kind: 'withdrawal' })).toBe(0);
  },
  tradehall_readiness: (_before, after) => {
    expect(value(after, 'tradehall_readiness', { state: 'ready' })).toBe(1);
    expect(value(after, 'tradehall_readiness', { state: 'draining' })).toBe(0);
  },
};

async function journey(node: Node, redis: boolean): Promise<void> {
  const metricsUrl = node.metricsUrl ?? '';
  // Not on the public port.
  expect((await request(`${node.base}/metrics`)).status).toBe(404);
  const before = await scrape(metricsUrl);
  for (const name of documented) expect(before.size > 0 && name in MOVED, name).toBe(true);

  const { user } = await fundedDemoUser(node.api);
  const ws = await WsTestClient.connect(`ws://127.0.0.1:${node.port}/ws`);
  await ws.loggedIn(user);
  const notices = await connectNotices(node.base, user);
  const during = await scrape(metricsUrl);
  expect(value(during, 'tradehall_realtime_connections', { transport: 'ws' })).toBe(1);
  expect(value(during, 'tradehall_realtime_connections', { transport: 'socketio' })).toBe(1);

  expect((await request(`${node.api}/no-such-thing`)).status).toBe(404);
  const { roundId } = await openRound(node.api);
  expect(await place(node.api, user, roundId)).toBe(201);
  const pending = await request(`${node.api}/deposits`, {
    method: 'POST',
    token: user,
    body: { method: 'offline', amount: 2_000, depositorName: 'Demo', idempotencyKey: newKey() },
  });
  expect(pending.status).toBe(201);
  let seen: unknown = null;
  await waitFor(
    'the round to settle',
    async () => {
      const detail = await request<{ round?: { status: string } }>(`${node.api}/rounds/${roundId}`, {
        token: user,
      });
      seen = detail.body;
      return detail.body.round?.status === 'settled';
    },
    30_000,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}; last seen ${JSON.stringify(seen)}`);
  });
  ws.socket.close();
  await ws.closed;
  notices.socket.disconnect();
  const checkedBefore = value(before, 'tradehall_ledger_check_timestamp_seconds') || 0;
  let after: Samples = new Map();
  await waitFor(
    'a ledger check after the journey, and the clients gone',
    async () => {
      after = await scrape(metricsUrl);
      return (
        value(after, 'tradehall_ledger_check_timestamp_seconds') > checkedBefore &&
        value(after, 'tradehall_realtime_connections', { transport: 'ws' }) === 0 &&
        value(after, 'tradehall_realtime_connections', { transport: 'socketio' }) === 0
      );
    },
    20_000,
    200,
  );
  for (const name of documented) {
    expect(after.size).toBeGreaterThan(0);
    const check = MOVED[name];
    if (!check) throw new Error(`${name} is documented but the test has no check for it`);
    check(before, after, redis);
  }
}

const cleanups: Array<() => Promise<void> | void> = [];

/** A node with metrics on (and Redis when the suite has one), then the journey. */
async function startAndWalk(database: Record<string, string>): Promise<void> {
  const data = tempDir('tradehall-metrics-');
  cleanups.push(data.remove);
  const redis = TEST_REDIS_URL !== '';
  const node = await startNode(
    {
      ...database,
      DATA_DIR: data.dir,
      LEDGER_CHECK_INTERVAL_MS: '1000',
      ...SHORT_ROUNDS,
      ...(redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `metrics-${newKey().slice(0, 8)}` } : {}),
    },
    { metrics: true },
  );
  cleanups.push(() => node.process.stop());
  await journey(node, redis);
}
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the metrics endpoint', { timeout: 300_000 }, () => {
  it('documents a check for at least every series the issue names', () => {
    expect(documented.length).toBeGreaterThanOrEqual(16);
    expect(Object.keys(MOVED).sort()).toEqual([...documented].sort());
  });

  it('moves every documented series on the embedded database', async () => {
    await startAndWalk({});
  });

  it.runIf(TEST_DATABASE_URL)('moves every documented series on PostgreSQL', async () => {
    const database = await freshPostgresDatabase('tradehall_metrics');
    cleanups.push(database.drop);
    await startAndWalk({ DATABASE_URL: database.url });
  });
});
