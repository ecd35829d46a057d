/** What every bench that drives the real server over HTTP needs: a free port, JSON calls, a login. */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { type ApiClient, createApiClient } from '@tradehall/contracts/client';
import {
  adminAuthEndpoints,
  adminDepositEndpoints,
  authEndpoints,
  depositEndpoints,
  roomEndpoints,
} from '@tradehall/contracts/endpoints';
import { totpCodeAt } from '../../apps/server/src/modules/admin-auth/totp.ts';

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A JSON request that must succeed: the body, or an error naming the call and the answer. */
export async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  const body = (await response.json()) as T;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * The contract's client against `api` (the server's `/api/v1` URL), as the user or operator with `token`,
 * for a bench's set-up: answers are checked against their declared schemas (pass `validate: false` for a
 * call inside a timed stretch; loads the bench measures keep their own URLs, built with fillPath).
 */
export function apiClient(api: string, token?: string, options: { validate?: boolean } = {}): ApiClient {
  return createApiClient(
    ({ method, path, query, body }) => {
      const search = new URLSearchParams(
        Object.entries(query ?? {}).flatMap(([key, value]) =>
          value === undefined || value === null ? [] : [[key, String(value)]],
        ),
      );
      return json(`${api}${path}${search.size > 0 ? `?${search}` : ''}`, {
        method,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
    { validate: options.validate ?? true },
  );
}

/** A captcha and its answer, which a server in test mode sends in a header (so read by hand). */
export async function captcha(api: string): Promise<{ captchaId: string; captchaAnswer: string }> {
  const response = await fetch(`${api}${authEndpoints.captcha.path}`);
  const { captchaId } = authEndpoints.captcha.response.parse(await response.json());
  return { captchaId, captchaAnswer: response.headers.get('x-test-captcha-answer') ?? '' };
}

/** A session token for a user or an operator (by its login endpoint), in test mode. */
export async function login(
  api: string,
  endpoint: typeof authEndpoints.login | typeof adminAuthEndpoints.login,
  account: string,
  password: string,
): Promise<string> {
  const body = { account, password, ...(await captcha(api)) };
  const answer =
    endpoint === authEndpoints.login
      ? await apiClient(api).call(authEndpoints.login, { body })
      : await apiClient(api).call(adminAuthEndpoints.login, { body });
  return answer.token;
}

/** Turns two-factor on for a signed-in operator (money decisions need it): enrol, confirm with a code. */
export async function enrolTwoFactor(api: string, token: string): Promise<void> {
  const client = apiClient(api, token);
  const { secret } = await client.call(adminAuthEndpoints.enrolTotp, { body: {} });
  await client.call(adminAuthEndpoints.confirmTotp, { body: { code: totpCodeAt(secret, new Date()) } });
}

/** A fresh idempotency key for a money operation. */
export const idempotencyKey = () => randomBytes(18).toString('base64url');

/**
 * `count` users registered with the demo invitation code, signed in and funded with `cents` through the
 * real deposit flow (an offline deposit the operator approves); answers their session tokens.
 */
export async function fundedUsers(
  api: string,
  operator: string,
  options: { count: number; prefix: string; cents: number },
): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < options.count; i++) {
    const account = `${options.prefix}${i}_${randomBytes(2).toString('hex')}`;
    await apiClient(api).call(authEndpoints.register, {
      body: { account, password: 'secret123', confirmPassword: 'secret123', invitationCode: 'DEMO2026' },
    });
    const token = await login(api, authEndpoints.login, account, 'secret123');
    const deposit = await apiClient(api, token).call(depositEndpoints.create, {
      body: {
        method: 'offline',
        amount: options.cents,
        depositorName: 'Bench',
        idempotencyKey: idempotencyKey(),
      },
    });
    await apiClient(api, operator).call(adminDepositEndpoints.approve, { params: { id: deposit.id } });
    tokens.push(token);
  }
  return tokens;
}

/** The normal room's open round, waited for (up to 20 s): where a bench places its positions. */
export async function openRound(api: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const rooms = await apiClient(api).call(roomEndpoints.list);
    const current = rooms.items.find((room) => room.tier === 'normal')?.currentRound;
    if (current?.status === 'open') return current.id;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('no open round in the normal room');
}

/** The 99th percentile of latencies (ms), nearest rank. */
export function p99(latencies: readonly number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}
