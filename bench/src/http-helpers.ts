/** What every bench that drives the real server over HTTP needs: a free port, JSON calls, a login. */
import { createServer } from 'node:net';
import { type ApiClient, createApiClient } from '@tradehall/contracts/client';
import { adminAuthEndpoints, authEndpoints } from '@tradehall/contracts/endpoints';
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
