/**
 * bench:reads' last part: a busy room's settlement as its watchers live it. A server with short rounds on
 * its own scratch database; WATCHERS WebSocket clients (the fan-out bench's raw client) logged in and
 * subscribed to the normal room; and, when the web app is built, one Chromium page of the app's round play
 * page signed in as a user with a position in the round. When a round opens, POSITIONS positions are
 * seeded into it (seed-positions.ts) and the user places one through the API; the round then seals, draws
 * and settles on its own clock.
 *
 * Printed: how long after the settlement was stored (rounds.settled_at, taken when the settling
 * transaction starts, so the settlement's own work is included) each watcher had round.settled (p50, p99,
 * max), the broadcast alone (first watcher's frame to the others', p99), the HTTP requests the app page
 * made in the 3 s after the settlement reached it, and the HTTP requests the server answered in those
 * 3 s from anyone, read from its own access log (target 0 for both: the events carry what the screen
 * shows, see user-events.tsx). Loopback only.
 */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positionEndpoints, roomEndpoints } from '@tradehall/contracts/endpoints';
import { chromium } from 'playwright-core';
import { startBenchServer, stopBenchServer } from './bench-server.ts';
import { CHROMIUM_PATH, loginDemo, repoRoot } from './browser-bench.ts';
import { apiClient } from './http-helpers.ts';
import { createScratchDatabase, databaseUrl, dropScratchDatabase, withClient } from './pg-scratch.ts';
import { RawWsClient } from './raw-ws-client.ts';
import { seedPositions } from './seed-positions.ts';

const CONNECT_CONCURRENCY = 250;

export interface WatchFigures {
  watchers: number;
  positions: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From the first watcher's frame to the others': the broadcast alone (p99). */
  spreadP99Ms: number;
  /** Requests the app page made after the settlement reached it; null when the app is not built. */
  pageRequests: string[] | null;
  /**
   * HTTP requests the server answered in the same 3 s, from anyone (the watchers, the page): counted
   * from its access log, every answer logged at LOG_LEVEL=debug. "METHOD path" of each.
   */
  serverRequests: string[];
}

/** The server's access log lines ("request", one per answer at debug level) with their time. */
function collectRequests(stdout: NodeJS.ReadableStream | null): Array<{ at: number; what: string }> {
  const seen: Array<{ at: number; what: string }> = [];
  let rest = '';
  stdout?.setEncoding('utf8');
  stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"msg":"request"')) continue;
      const entry = JSON.parse(line) as { time: number; method: string; url: string };
      seen.push({ at: entry.time, what: `${entry.method} ${entry.url}` });
    }
  });
  return seen;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

interface Watcher {
  client: RawWsClient;
  /** When this watcher had round.settled of the watched round (ms since the epoch). */
  settledAt: number | null;
}

async function connectWatchers(port: number, roomId: string, count: number, roundOf: () => string | null) {
  const watchers: Watcher[] = [];
  const opened: Array<(roundId: string) => void> = [];
  const topic = `round.${roomId}`;
  const connectOne = async (index: number) => {
    const client = await RawWsClient.open(port, '/ws');
    const watcher: Watcher = { client, settledAt: null };
    client.onFrame = (payload) => {
      // Cheap test first: 10,000 clients share one core with each other.
      if (payload.includes('"round.settled"')) {
        const round = roundOf();
        if (round && watcher.settledAt === null && payload.includes(round)) watcher.settledAt = Date.now();
      } else if (index === 0 && payload.includes('"round.opened"')) {
        const frame = JSON.parse(payload.toString()) as { data: { round: { id: string } } };
        for (const listener of opened) listener(frame.data.round.id);
      }
    };
    client.sendText(
      JSON.stringify({
        type: 'login',
        client_name: 'bench',
        client_id: `watcher-${index}`,
        Accept_language: 'en',
        Authorization: '',
      }),
    );
    client.sendText(JSON.stringify({ cmd: 'sub', msg: topic }));
    watchers.push(watcher);
  };
  for (let start = 0; start < count; start += CONNECT_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - start) }, (_, i) => connectOne(start + i)),
    );
  }
  const nextOpened = () => new Promise<string>((resolve) => opened.push(resolve));
  return { watchers, nextOpened };
}

/** Funds `userId` from the house and lets them place one position through the API. */
async function placeAsUser(api: string, url: string, token: string, userId: string, roundId: string) {
  await withClient(url, async (client) => {
    await client.query(
      `insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
         idempotency_key, created_at)
       select h.id, a.id, 100000, 'adjustment', 'bench', a.id::text, 'bench:watch:' || a.id, now()
       from ledger_accounts a cross join (select id from ledger_accounts where kind = 'house') h
       where a.user_id = $1 and a.kind = 'user_cash'`,
      [userId],
    );
    await client.query(
      `update ledger_accounts set balance = balance + 100000 where user_id = $1 and kind = 'user_cash'`,
      [userId],
    );
  });
  await apiClient(api, token).call(positionEndpoints.place, {
    params: { id: roundId },
    body: {
      bet: { category: 'both_sides', type: 'long' },
      amount: 1000,
      idempotencyKey: randomBytes(16).toString('hex'),
    },
  });
}

export async function watchSettlement(watcherCount: number, positions: number): Promise<WatchFigures> {
  const database = await createScratchDatabase('bench_watch');
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-watch-'));
  const server = await startBenchServer({
    databaseUrl: databaseUrl(database),
    dataDir,
    env: {
      // Long enough to connect every watcher and seed the round, short enough to wait for.
      ROUND_SECONDS_OVERRIDE: '30',
      SEALED_SECONDS_OVERRIDE: '4',
      DRAWING_SECONDS_OVERRIDE: '3',
      WS_PING_INTERVAL_MS: '600000',
      WS_PONG_TIMEOUT_MS: '600000',
      // Every answer in the access log (not one in 100), to count the requests after the settlement.
      LOG_LEVEL: 'debug',
    },
    pipeStdout: true,
  });
  const answered = collectRequests(server.child.stdout);
  const { port } = server;
  const origin = `http://127.0.0.1:${port}`;
  const api = `${origin}/api/v1`;
  const built = existsSync(join(repoRoot, 'apps/web/dist/index.html'));
  const browser = built
    ? await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] })
    : null;
  try {
    const rooms = await apiClient(api).call(roomEndpoints.list);
    const roomId = rooms.items.find((room) => room.tier === 'normal')?.id ?? '';
    const session = await loginDemo(origin);

    const page = browser
      ? await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage()
      : null;
    const requests: Array<{ at: number; url: string }> = [];
    if (page) {
      await page.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('userInfo', JSON.stringify({ username: s.user.username, id: s.user.id }));
        localStorage.setItem('uid', s.user.id);
      }, session);
      page.on('request', (request) => requests.push({ at: Date.now(), url: request.url() }));
      await page.goto(`${origin}/#/pages/game/game?room=${encodeURIComponent(roomId)}`);
      await page.waitForLoadState('networkidle');
    }

    let watchedRound: string | null = null;
    const { watchers, nextOpened } = await connectWatchers(port, roomId, watcherCount, () => watchedRound);
    const roundId = await nextOpened();
    watchedRound = roundId;
    await withClient(databaseUrl(database), async (client) => {
      await client.query('begin');
      await seedPositions(client, roundId, positions, Math.min(1_000, positions));
      await client.query('commit');
    });
    await placeAsUser(api, databaseUrl(database), session.token, session.user.id, roundId);

    const deadline = Date.now() + 90_000;
    while (watchers.some((w) => w.settledAt === null) && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 100));
    }
    const settled = await withClient(databaseUrl(database), async (client) => {
      const result = await client.query<{ settled_at: Date | null; status: string }>(
        'select settled_at, status from rounds where id = $1',
        [roundId],
      );
      return result.rows[0];
    });
    if (!settled?.settled_at || settled.status !== 'settled') {
      throw new Error(`the watched round ended ${settled?.status ?? 'nowhere'}`);
    }
    const storedAt = settled.settled_at.getTime();
    const latencies = watchers
      .map((w) => (w.settledAt === null ? Number.POSITIVE_INFINITY : w.settledAt - storedAt))
      .sort((a, b) => a - b);
    // The page's 3 s after the settlement reached the watchers.
    const reached = Math.min(...watchers.map((w) => w.settledAt ?? Number.POSITIVE_INFINITY));
    const spread = watchers
      .map((w) => (w.settledAt ?? Number.POSITIVE_INFINITY) - reached)
      .sort((a, b) => a - b);
    await new Promise((wait) => setTimeout(wait, 3_000));
    for (const watcher of watchers) watcher.client.destroy();
    return {
      watchers: watcherCount,
      positions,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies[latencies.length - 1] ?? Number.NaN,
      spreadP99Ms: percentile(spread, 99),
      pageRequests: page
        ? requests.filter((r) => r.at >= reached).map((r) => r.url.replace(origin, ''))
        : null,
      serverRequests: answered.filter((r) => r.at >= reached).map((r) => r.what),
    };
  } finally {
    await browser?.close();
    await stopBenchServer(server);
    await dropScratchDatabase(database);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
