/**
 * The daily referral payment at scale (issue 24, decision 0030): the real server (its own process, on a
 * scratch PostgreSQL database) pays one business day for 100,000 referrers whose figures come from
 * 1,000,000 settled positions, while this process keeps placing positions over HTTP. Printed: the
 * payment's time (bar: under 30 s) beside a bare floor measured in the same run (one INSERT ... SELECT
 * of as many rows into a plain table), and placement p99 during the payment beside p99 without it.
 *
 * The figures are written the way settlement leaves them (referral_accruals per referrer, day and
 * level), aggregated in SQL from 1,000,000 synthetic settled positions of 200,000 invitees: the payment
 * reads only those figures, so this is what it meets after a day of a million positions.
 *
 * Run: `npm run bench:referrals` with DATABASE_URL or TEST_DATABASE_URL set. The machine may be shared:
 * say so beside any figure reported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillPath } from '@tradehall/contracts';
import { adminAuthEndpoints, positionEndpoints } from '@tradehall/contracts/endpoints';
import { type BenchApiServer, startBenchServer, stopBenchServer } from './bench-server.ts';
import { enrolTwoFactor, fundedUsers, idempotencyKey, login, openRound, p99 } from './http-helpers.ts';
import { createScratchDatabase, databaseUrl, dropScratchDatabase, withClient } from './pg-scratch.ts';

const REFERRERS = Number(process.env.BENCH_REFERRERS ?? 100_000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1_000_000);
const USERS = 16;
const STAKE = 100;
const BASELINE_SECONDS = 8;
const BAR_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** USERS closed-loop clients placing positions until `stop()`; answers every latency (ms). */
function placing(api: string, roundId: string, tokens: string[]) {
  let running = true;
  const latencies: number[] = [];
  let refused = 0;
  const url = `${api}${fillPath(positionEndpoints.place.path, { id: roundId })}`;
  const workers = tokens.map(async (token) => {
    while (running) {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          bet: { category: 'both_sides', type: 'long' },
          amount: STAKE,
          idempotencyKey: idempotencyKey(),
        }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 201) refused += 1;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return { latencies, refused };
    },
  };
}

const pacing = Object.fromEntries(
  ['REFERRAL_PAY_CHUNK', 'REFERRAL_PAY_REST_PERCENT'].flatMap((variable) => {
    const value = process.env[variable]?.trim();
    return value ? [[variable, value]] : [];
  }),
);

const name = await createScratchDatabase('tradehall_bench_referrals');
const url = databaseUrl(name);
const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-referrals-'));
let server: BenchApiServer | null = null;
try {
  server = await startBenchServer({
    databaseUrl: url,
    dataDir,
    env: {
      ROUND_SECONDS_OVERRIDE: '900',
      SEALED_SECONDS_OVERRIDE: '10',
      REFERRAL_PAY_CHECK_MS: '500',
      // The payment's pacing (decision 0040), passed on when set, to compare settings in one sitting.
      ...pacing,
    },
  });
  const { api } = server;
  const operator = await login(api, adminAuthEndpoints.login, 'admin', 'admin12345');
  await enrolTwoFactor(api, operator);
  const tokens = await fundedUsers(api, operator, { count: USERS, prefix: 'benchref', cents: 10_000_000 });
  const roundId = await openRound(api);

  // The referrers, their cash accounts, and yesterday's figures from 1,000,000 settled positions.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const seeded = performance.now();
  await withClient(url, async (client) => {
    await client.query(`insert into referral_programmes (effective_from, mode, level1_rate_bps, level2_rate_bps,
        daily_cap, changed_at) values ('2000-01-01', 'two_levels', 2500, 500, 1000000, now())`);
    await client.query(`create temp table bench_referrers as
      select gen_random_uuid() as id, g from generate_series(1, ${REFERRERS}) g`);
    await client.query(`insert into users (id, username, password_hash, nickname, invitation_code, created_at, updated_at)
      select id, 'bref' || g, 'x', 'bench', 'B' || lpad(g::text, 9, '0'), now(), now() from bench_referrers`);
    await client.query(
      `insert into ledger_accounts (kind, user_id) select 'user_cash', id from bench_referrers`,
    );
    // Each position: an invitee (2 per referrer, one per level), its stake and edge (x1.96 on 1/2: 2,000
    // edge units per cent staked), summed per referrer and level as settlement's accrual sums them.
    await client.query(`create temp table bench_referrer_index as
      select id, row_number() over (order by g) - 1 as n from bench_referrers`);
    // Staged first: the server pays a day as soon as its figures are in referral_accruals.
    await client.query(`create table bench_accruals as
      select '${yesterday}'::date as day, r.id as referrer_id, p.level::smallint as level,
        sum(p.stake)::int8 as turnover, sum(p.stake * 2000)::int8 as edge_units, 1 as invitees
      from (select g % ${REFERRERS} as n, 1 + (g / ${REFERRERS}) % 2 as level, 100 + g % 900 as stake
        from generate_series(0, ${POSITIONS - 1}) g) p
      join bench_referrer_index r on r.n = p.n
      group by r.id, p.level`);
  });
  const accruals = await withClient(url, async (client) => {
    const result = await client.query<{ n: number }>('select count(*)::int as n from bench_accruals');
    return result.rows[0]?.n ?? 0;
  });
  console.log(
    `seeded ${REFERRERS} referrers, ${accruals} figures from ${POSITIONS} positions in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const load = loadavg();
  // The bare floor: as many reward rows written by one plain INSERT ... SELECT, no ledger.
  const floorStart = performance.now();
  await withClient(url, (client) =>
    client.query(`create table bench_floor as select gen_random_uuid() as id, referrer_id, day, level, invitees,
      edge_units, 2500 as rate_bps, floor(edge_units::numeric * 2500 / 1000000000)::int8 as amount, now() as paid_at
      from bench_accruals`),
  );
  const floorMs = performance.now() - floorStart;

  // Placement without the payment, then with it: the figures go in and the server's loop (every 0.5 s)
  // pays yesterday.
  const without = placing(api, roundId, tokens);
  await sleep(BASELINE_SECONDS * 1000);
  const withoutResult = await without.stop();
  const during = placing(api, roundId, tokens);
  await withClient(url, (client) =>
    client.query(`insert into referral_accruals (day, referrer_id, level, turnover, edge_units, invitees)
      select day, referrer_id, level, turnover, edge_units, invitees from bench_accruals`),
  );
  const paidDay = async () =>
    withClient(url, async (client) => {
      const result = await client.query<{
        finished: Date | null;
        started: Date | null;
        total: string | null;
      }>(
        `select (select finished_at from referral_pay_days where day = $1) as finished,
          (select min(paid_at) from referral_rewards where day = $1) as started,
          (select total::text from referral_pay_days where day = $1) as total`,
        [yesterday],
      );
      return result.rows[0];
    });
  let paid = await paidDay();
  while (!paid?.finished) {
    await sleep(250);
    paid = await paidDay();
  }
  const duringResult = await during.stop();

  const paymentMs = paid.finished.getTime() - (paid.started?.getTime() ?? paid.finished.getTime());
  const transfers = await withClient(url, async (client) => {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from ledger_transfers where code = 'referral'",
    );
    return result.rows[0]?.n ?? 0;
  });
  const p99During = p99(duringResult.latencies);
  const p99Without = p99(withoutResult.latencies);
  console.log('machine shared with other engineers (2 cores): figures are indicative');
  console.log(
    `pacing: REFERRAL_PAY_CHUNK=${pacing.REFERRAL_PAY_CHUNK ?? 'default'}, REFERRAL_PAY_REST_PERCENT=${pacing.REFERRAL_PAY_REST_PERCENT ?? 'default'}`,
  );
  console.log(`load average before: ${load.map((value) => value.toFixed(2)).join(' ')}`);
  console.log(
    `daily payment: ${REFERRERS} referrers, ${transfers} ledger transfers, total ${paid.total} cents in ` +
      `${(paymentMs / 1000).toFixed(1)} s (bar < ${BAR_MS / 1000} s) ${paymentMs < BAR_MS ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  bare floor (one INSERT ... SELECT of ${accruals} rows): ${(floorMs / 1000).toFixed(2)} s; ` +
      `ratio payment / floor: ${(paymentMs / floorMs).toFixed(1)}x`,
  );
  console.log(
    `placement p99 during the payment: ${p99During.toFixed(1)} ms (${duringResult.latencies.length} placed, ` +
      `${duringResult.refused} refused); without: ${p99Without.toFixed(1)} ms ` +
      `(${withoutResult.latencies.length} placed, ${withoutResult.refused} refused); ratio ${(p99During / p99Without).toFixed(2)}x`,
  );
} finally {
  await stopBenchServer(server);
  await dropScratchDatabase(name);
  rmSync(dataDir, { recursive: true, force: true });
}
