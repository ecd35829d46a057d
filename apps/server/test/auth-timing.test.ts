/**
 * Whether an account exists must not show in how long the server takes to answer. Known and unknown
 * names do the same work (no sleeps): login checks a password against the account's hash or a dummy one;
 * a reset-code request runs one statement either way and stores and mails the code after answering; a
 * reset with a wrong code hashes the new password and runs the same transaction either way.
 *
 * Measured through the whole HTTP stack: 15 attempts of 5 tries each (after 2 warm-up rounds); the
 * fastest answer of each side must be within 20% of the other's. Known and unknown attempts alternate,
 * one request at a time, and which goes first alternates too. This machine's cores are shared with other
 * busy processes, whose bursts add milliseconds to whichever request they hit, so the figure compared is
 * the fastest: extra work on one side shows in every answer of that side, fastest included, while
 * someone else's load never makes an answer faster (medians of each attempt's best moved 25-55% apart
 * under a load of 6-15 on the two cores, with no difference in the work). Each try follows an untimed
 * request to /health, so every timed request starts from the same warm process. Mail really goes out,
 * to an SMTP server on loopback, and each known try waits for it, so a mail still being sent never lands
 * in another try's time. Fastest and median are printed for the closing note.
 */
import { VERIFICATION_CODE_RESEND_SECONDS } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, captcha, createTestApp, DRIVERS, type TestApp, uniqueAccount } from './harness.ts';
import { quickUser } from './money.ts';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.ts';

const SAMPLES = 15;
const WARM_UP = 2;
const TRIES = 5;
const TOLERANCE = 0.2;
/**
 * Differences under this many milliseconds pass whatever their share: for an answer of about 1 ms, the
 * shared machine's scheduling jitter alone moves a figure by 20%, and on the embedded database (one
 * thread for the server and its queries) the code a known name stores and mails after its answer left
 * the fastest later known requests 0.03-0.30 ms behind in repeated runs (medians ~0.4 ms; on PostgreSQL
 * 0.06-0.09 ms). The leak this test guards against (the code stored before the answer) measured
 * 1.8-2.1 ms, well above it.
 */
const JITTER_FLOOR_MS = 0.5;

interface Sample {
  status: number;
  ms: number;
}

async function timed(t: TestApp, url: string, payload: Record<string, unknown>): Promise<Sample> {
  const started = performance.now();
  const response = await t.app.inject({ method: 'POST', url: `${API}${url}`, payload });
  return { status: response.statusCode, ms: performance.now() - started };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * After a mail has arrived, the SMTP session (in this process, like the app) still says goodbye and
 * closes: work that landed in the next known try's time (on PostgreSQL the fastest known request was
 * 0.17 ms slower than an unknown one before the test waited for it, 0.06 ms after).
 */
const mailSessionClosed = () => new Promise((resolve) => setTimeout(resolve, 60));

/** A pause after every request, the same for either kind, so one request's tail is not the next one's cost. */
const gap = () => new Promise((resolve) => setTimeout(resolve, 5));

/** One kind of request, prepared outside the timed span: `send(i)` is the i-th try. */
interface Side {
  send: (attempt: number, tryIndex: number) => Promise<Sample>;
  /** Runs after each try, untimed (waiting for the mail it sent). */
  after?: (attempt: number, tryIndex: number) => Promise<void>;
}

interface Figures {
  fastest: number;
  /** Median of each attempt's best try (printed, not compared). */
  median: number;
}

/** The fastest answer and the median attempt of each side over SAMPLES attempts; every status checked. */
async function compare(
  t: TestApp,
  options: {
    status: number;
    prepare?: (attempt: number) => Promise<void>;
    known: Side;
    unknown: Side;
  },
): Promise<{ known: Figures; unknown: Figures }> {
  const best = async (side: Side, attempt: number) => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < TRIES; i += 1) {
      await t.app.inject({ method: 'GET', url: `${API}/health` });
      const sample = await side.send(attempt, i);
      expect(sample.status).toBe(options.status);
      await side.after?.(attempt, i);
      await gap();
      fastest = Math.min(fastest, sample.ms);
    }
    return fastest;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let attempt = 0; attempt < WARM_UP + SAMPLES; attempt += 1) {
    await options.prepare?.(attempt);
    let knownMs: number;
    let unknownMs: number;
    if (attempt % 2 === 0) {
      knownMs = await best(options.known, attempt);
      unknownMs = await best(options.unknown, attempt);
    } else {
      unknownMs = await best(options.unknown, attempt);
      knownMs = await best(options.known, attempt);
    }
    if (attempt >= WARM_UP) {
      known.push(knownMs);
      unknown.push(unknownMs);
    }
  }
  const figures = (bests: number[]): Figures => ({ fastest: Math.min(...bests), median: median(bests) });
  return { known: figures(known), unknown: figures(unknown) };
}

function expectClose(label: string, figures: { known: Figures; unknown: Figures }): void {
  const known = figures.known.fastest;
  const unknown = figures.unknown.fastest;
  const difference = Math.abs(known - unknown) / Math.min(known, unknown);
  console.log(
    `timing ${label}: fastest known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms ` +
      `(${(difference * 100).toFixed(1)}% apart); median known ${figures.known.median.toFixed(2)} ms, ` +
      `unknown ${figures.unknown.median.toFixed(2)} ms (${SAMPLES} attempts each, best of ${TRIES} tries)`,
  );
  if (Math.abs(known - unknown) <= JITTER_FLOOR_MS) return;
  expect(difference).toBeLessThanOrEqual(TOLERANCE);
}

describe.each(DRIVERS)('known and unknown accounts take the same time on %s', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ driver, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Fresh users with an email, made without argon2 (the money suites' cached hash). */
  const usersWithEmail = async (count: number) => {
    const users: Array<{ account: string; email: string }> = [];
    for (let i = 0; i < count; i += 1) {
      const user = await quickUser(t, { prefix: 'timing' });
      const email = `${user.account.toLowerCase()}@example.com`;
      await t.database.kysely.updateTable('users').set({ email }).where('id', '=', user.id).execute();
      users.push({ account: user.account, email });
    }
    return users;
  };

  it('login with a wrong password: existing vs unknown account', async () => {
    let accounts: string[] = [];
    let captchas: Array<{ captchaId: string; captchaAnswer: string }> = [];
    const login = (account: string, i: number) =>
      timed(t, '/auth/login', { account, password: 'wrong-pass1', ...captchas[i] });
    const figures = await compare(t, {
      status: 401,
      prepare: async () => {
        // Fresh accounts each attempt: ten failures would lock one.
        accounts = (await Promise.all(Array.from({ length: TRIES }, () => quickUser(t)))).map(
          (u) => u.account,
        );
        captchas = [];
        for (let i = 0; i < 2 * TRIES; i += 1) captchas.push(await captcha(t));
      },
      known: { send: (_, i) => login(accounts[i] ?? '', i) },
      unknown: { send: (_, i) => login(uniqueAccount('nobody'), TRIES + i) },
    });
    expectClose(`${driver} login`, figures);
  });

  it('asking for a reset code: account with an email vs unknown name', async () => {
    // Each a first request, like the unknown names'.
    let users: Array<{ account: string; email: string }> = [];
    const figures = await compare(t, {
      status: 200,
      prepare: async () => {
        users = await usersWithEmail(TRIES);
      },
      known: {
        send: (_, i) => timed(t, '/auth/password-reset/code', { account: users[i]?.account }),
        after: async (_, i) => {
          await smtp.waitFor(users[i]?.email ?? '');
          await mailSessionClosed();
        },
      },
      unknown: { send: () => timed(t, '/auth/password-reset/code', { account: uniqueAccount('nobody') }) },
    });
    expectClose(`${driver} reset code request`, figures);
  });

  it('resetting with a wrong code: existing vs unknown account', async () => {
    const [user] = await usersWithEmail(1);
    if (!user) throw new Error('no user');
    let wrong = '000000';
    const body = (account: string) => ({
      account,
      code: wrong,
      password: 'newpass123',
      confirmPassword: 'newpass123',
    });
    const figures = await compare(t, {
      status: 400,
      prepare: async () => {
        // A live code each attempt, so the known account's wrong codes are checked against one.
        t.clock.advanceSeconds(VERIFICATION_CODE_RESEND_SECONDS);
        expect((await timed(t, '/auth/password-reset/code', { account: user.account })).status).toBe(200);
        const sent = codeFrom(await smtp.waitFor(user.email));
        wrong = sent === '000000' ? '000001' : '000000';
      },
      known: { send: () => timed(t, '/auth/password-reset', body(user.account)) },
      unknown: { send: () => timed(t, '/auth/password-reset', body(uniqueAccount('nobody'))) },
    });
    expectClose(`${driver} reset with a wrong code`, figures);
  });
});
