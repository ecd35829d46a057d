/**
 * bench:auth-timing: how long the server takes to answer for a known and for an unknown account on the
 * three paths whose timing must not tell them apart: login with a wrong password, asking for a reset
 * code, resetting with a wrong code. apps/server/test/auth-timing.test.ts checks that both sides do the
 * same work (statements, argon2, mail before and after the answer); this measures what a client sees,
 * over HTTP, against the server started as an operator starts it, on embedded PGlite and on PostgreSQL.
 *
 * Per path: WARM_UP rounds, then ROUNDS rounds of TRIES requests per side, a known and an unknown request
 * in turn (which goes first alternates by round), each after an untimed /health (both meet the same warm
 * process) and followed by a pause longer than the work a known reset-code request does after its
 * answer, so that work never lands in the next request's time. Every known request uses an account of
 * its own (registered with an email; its reset-code request is its first, and its wrong code is checked
 * against the live code that request stored); every unknown one a fresh name. No SMTP_URL is set, so
 * the code's mail goes to the server's log, as on a bare install.
 *
 * Printed per side: the fastest answer and the median of each round's fastest, and known / unknown for
 * both. A neighbour's burst adds milliseconds to whichever request it hits and never makes one faster,
 * while extra work on one side shows in every answer of that side, the fastest included: the fastest
 * is the figure to read on a busy machine. This is a measurement, not a check: it fails only if the
 * server answers with the wrong status.
 *
 * Run: `npm run bench:auth-timing`. BENCH_DRIVERS=pglite,postgres (default both); PostgreSQL from
 * DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), on a scratch
 * database made and dropped. BENCH_ROUNDS, BENCH_TRIES. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { AFTER_RESPONSE_DELAY_MS } from '../../apps/server/src/platform/http.ts';
import { type BenchApiServer, startBenchServer, stopBenchServer } from './bench-server.ts';
import { apiClient, captcha } from './http-helpers.ts';
import { createScratchDatabase, databaseUrl, dropScratchDatabase } from './pg-scratch.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const TRIES = Number(process.env.BENCH_TRIES ?? 5);
const WARM_UP = 2;
/** After every request: the known reset-code request stores and mails its code this long after answering. */
const PAUSE_MS = AFTER_RESPONSE_DELAY_MS + 30;
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** The demo inviter's code (apps/server/src/seed.ts): the bench server runs in demo mode. */
const INVITATION_CODE = 'DEMO2026';
const PASSWORD = 'secret123';
const WRONG_PASSWORD = 'wrong-pass1';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const name = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One timed POST: ms from sending to the whole answer read, after an untimed /health. */
async function timedPost(api: string, path: string, body: unknown, status: number): Promise<number> {
  await (await fetch(`${api}/health`)).arrayBuffer();
  const started = performance.now();
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== status) throw new Error(`POST ${path}: ${response.status} ${text}`);
  await pause(PAUSE_MS);
  return ms;
}

/** Builds the body of the i-th request of a side (untimed: captchas are fetched here). */
type Request = (index: number) => Promise<unknown>;

interface Path {
  label: string;
  path: string;
  status: number;
  known: Request;
  unknown: Request;
}

interface Side {
  fastest: number;
  medianOfBests: number;
}

async function measure(api: string, path: Path): Promise<{ known: Side; unknown: Side }> {
  const bests = { known: [] as number[], unknown: [] as number[] };
  let index = 0;
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    const best = { known: Number.POSITIVE_INFINITY, unknown: Number.POSITIVE_INFINITY };
    for (let i = 0; i < TRIES; i += 1, index += 1) {
      const order = round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const side of order) {
        const body = await path[side](index);
        best[side] = Math.min(best[side], await timedPost(api, path.path, body, path.status));
      }
    }
    if (round >= WARM_UP) {
      bests.known.push(best.known);
      bests.unknown.push(best.unknown);
    }
  }
  const side = (values: number[]): Side => ({ fastest: Math.min(...values), medianOfBests: median(values) });
  return { known: side(bests.known), unknown: side(bests.unknown) };
}

/** Users with an email, registered over HTTP as a user would (a few at a time: each is an argon2 hash). */
async function registerUsers(api: string, count: number): Promise<string[]> {
  const accounts = Array.from({ length: count }, () => name('timing'));
  const client = apiClient(api);
  for (let start = 0; start < count; start += 4) {
    await Promise.all(
      accounts.slice(start, start + 4).map((account) =>
        client.call(authEndpoints.register, {
          body: {
            account,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            invitationCode: INVITATION_CODE,
            email: `${account}@example.com`,
          },
        }),
      ),
    );
  }
  return accounts;
}

function paths(api: string, accounts: string[]): Path[] {
  const account = (index: number) => {
    const found = accounts[index];
    if (!found) throw new Error(`no account ${index}`);
    return found;
  };
  const login = async (who: string) => ({ account: who, password: WRONG_PASSWORD, ...(await captcha(api)) });
  // Any fixed code: the chance that it is the account's live code is one in a million.
  const reset = async (who: string) => ({
    account: who,
    code: '000000',
    password: 'newpass123',
    confirmPassword: 'newpass123',
  });
  return [
    {
      label: 'login with a wrong password',
      path: authEndpoints.login.path,
      status: 401,
      known: (i) => login(account(i)),
      unknown: () => login(name('nobody')),
    },
    {
      label: 'asking for a reset code',
      path: authEndpoints.passwordResetCode.path,
      status: 200,
      known: async (i) => ({ account: account(i) }),
      unknown: async () => ({ account: name('nobody') }),
    },
    {
      label: 'resetting with a wrong code',
      path: authEndpoints.passwordReset.path,
      status: 400,
      known: (i) => reset(account(i)),
      unknown: () => reset(name('nobody')),
    },
  ];
}

const ms = (value: number) => value.toFixed(2).padStart(8);
const ratio = (known: number, unknown: number) => (known / unknown).toFixed(3).padStart(8);

async function run(driver: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tradehall-bench-auth-timing-'));
  const scratch = driver === 'postgres' ? await createScratchDatabase('bench_auth_timing') : null;
  let server: BenchApiServer | null = null;
  try {
    if (driver !== 'postgres' && driver !== 'pglite') throw new Error(`unknown driver ${driver}`);
    // An empty DATABASE_URL is the embedded database under DATA_DIR, as `npm start` runs it.
    server = await startBenchServer({ databaseUrl: scratch ? databaseUrl(scratch) : '', dataDir });
    const accounts = await registerUsers(server.api, (WARM_UP + ROUNDS) * TRIES);
    console.log(
      `\n${driver}: ${ROUNDS} rounds of ${TRIES} tries per side after ${WARM_UP} warm-up rounds ` +
        `(load ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')})`,
    );
    console.log(`${'path'.padEnd(30)} ${'figure'.padEnd(16)} known ms unknown ms known/unknown`);
    for (const path of paths(server.api, accounts)) {
      const { known, unknown } = await measure(server.api, path);
      console.log(
        `${path.label.padEnd(30)} ${'fastest'.padEnd(16)} ${ms(known.fastest)} ${ms(unknown.fastest)}   ` +
          ratio(known.fastest, unknown.fastest),
      );
      console.log(
        `${''.padEnd(30)} ${'median of bests'.padEnd(16)} ${ms(known.medianOfBests)} ` +
          `${ms(unknown.medianOfBests)}   ${ratio(known.medianOfBests, unknown.medianOfBests)}`,
      );
    }
  } finally {
    await stopBenchServer(server);
    if (scratch) await dropScratchDatabase(scratch);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of DRIVERS) await run(driver);
