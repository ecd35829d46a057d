/**
 * Whether an account exists must not show in how long the server takes to answer. Known and unknown
 * names do the same work (no sleeps): login checks a password against the account's hash or a dummy one;
 * a reset-code request runs one statement either way and stores and mails the code after answering; a
 * reset with a wrong code hashes the new password and runs the same transaction either way. Measured
 * through the whole HTTP stack: the median of 15 answers each (after 3 warm-up rounds) must be within
 * 20% of each other. Each round sends one known and one unknown request together (alternating which
 * goes first), so the bursts of load from other processes on a shared machine fall on both alike. Mail
 * really goes out, to an SMTP server on loopback; each round waits for it before the next, so a mail
 * still being sent never lands in the next round's time. The medians are printed for the closing note.
 */
import { VERIFICATION_CODE_RESEND_SECONDS } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, captcha, createTestApp, DRIVERS, register, type TestApp, uniqueAccount } from './harness.ts';
import { quickUser } from './money.ts';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.ts';

const SAMPLES = 15;
const WARM_UP = 3;
const TOLERANCE = 0.2;

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

/** A pause between rounds, the same after either kind, so one request's tail is not the next one's cost. */
const gap = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Runs `rounds` rounds of one known and one unknown attempt (prepared outside the timed span), returns
 * the medians of the measured rounds and checks every answer's status.
 */
async function compare(options: {
  prepare: (round: number) => Promise<{ known: () => Promise<Sample>; unknown: () => Promise<Sample> }>;
  afterKnown?: () => Promise<void>;
  status: number;
}): Promise<{ known: number; unknown: number }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < WARM_UP + SAMPLES; round += 1) {
    const attempt = await options.prepare(round);
    // Sent together, so a burst of load from the other processes on this machine slows both alike;
    // which one is sent first alternates.
    const [knownSample, unknownSample] =
      round % 2 === 0
        ? await Promise.all([attempt.known(), attempt.unknown()])
        : await Promise.all([attempt.unknown(), attempt.known()]).then(([u, k]) => [k, u] as const);
    expect(knownSample.status).toBe(options.status);
    expect(unknownSample.status).toBe(options.status);
    await options.afterKnown?.();
    await gap();
    if (round >= WARM_UP) {
      known.push(knownSample.ms);
      unknown.push(unknownSample.ms);
    }
  }
  return { known: median(known), unknown: median(unknown) };
}

function expectClose(label: string, medians: { known: number; unknown: number }): void {
  const { known, unknown } = medians;
  const difference = Math.abs(known - unknown) / Math.min(known, unknown);
  console.log(
    `timing ${label}: median known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms ` +
      `(${(difference * 100).toFixed(1)}% apart, ${SAMPLES} samples each)`,
  );
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

  it('login with a wrong password: existing vs unknown account', async () => {
    const medians = await compare({
      status: 401,
      prepare: async () => {
        // A fresh account per round: ten failures would lock one.
        const user = await quickUser(t, { prefix: 'timing' });
        const forKnown = await captcha(t);
        const forUnknown = await captcha(t);
        return {
          known: () =>
            timed(t, '/auth/login', { account: user.account, password: 'wrong-pass1', ...forKnown }),
          unknown: () =>
            timed(t, '/auth/login', {
              account: uniqueAccount('nobody'),
              password: 'wrong-pass1',
              ...forUnknown,
            }),
        };
      },
    });
    expectClose(`${driver} login`, medians);
  });

  it('asking for a reset code: account with an email vs unknown name', async () => {
    let email = '';
    const medians = await compare({
      status: 200,
      prepare: async () => {
        // A fresh account each round: its first request, like the unknown name's.
        const account = uniqueAccount('timing');
        email = `${account.toLowerCase()}@example.com`;
        await register(t, account, 'secret123', { email });
        return {
          known: () => timed(t, '/auth/password-reset/code', { account }),
          unknown: () => timed(t, '/auth/password-reset/code', { account: uniqueAccount('nobody') }),
        };
      },
      afterKnown: async () => {
        await smtp.waitFor(email);
      },
    });
    expectClose(`${driver} reset code request`, medians);
  });

  it('resetting with a wrong code: existing vs unknown account', async () => {
    const account = uniqueAccount('timing');
    const email = `${account.toLowerCase()}@example.com`;
    await register(t, account, 'secret123', { email });
    const medians = await compare({
      status: 400,
      prepare: async () => {
        // A live code each round, so the known account's wrong code is checked against one.
        t.clock.advanceSeconds(VERIFICATION_CODE_RESEND_SECONDS);
        await timed(t, '/auth/password-reset/code', { account });
        const sent = codeFrom(await smtp.waitFor(email));
        const body = (name: string) => ({
          account: name,
          code: sent === '000000' ? '000001' : '000000',
          password: 'newpass123',
          confirmPassword: 'newpass123',
        });
        return {
          known: () => timed(t, '/auth/password-reset', body(account)),
          unknown: () => timed(t, '/auth/password-reset', body(uniqueAccount('nobody'))),
        };
      },
    });
    expectClose(`${driver} reset with a wrong code`, medians);
  });
});
