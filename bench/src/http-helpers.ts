/** What every bench that drives the real server over HTTP needs: a free port, JSON calls, a login. */
import { createServer } from 'node:net';
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

/** A session token for a user (`/auth/login`) or an operator (`/admin/auth/login`), in test mode. */
export async function login(api: string, path: string, account: string, password: string): Promise<string> {
  const captcha = await fetch(`${api}/auth/captcha`);
  const { captchaId } = (await captcha.json()) as { captchaId: string };
  const captchaAnswer = captcha.headers.get('x-test-captcha-answer') ?? '';
  const body = await json<{ token: string }>(`${api}${path}`, {
    method: 'POST',
    body: JSON.stringify({ account, password, captchaId, captchaAnswer }),
  });
  return body.token;
}

/** Turns two-factor on for a signed-in operator (money decisions need it): enrol, confirm with a code. */
export async function enrolTwoFactor(api: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const { secret } = await json<{ secret: string }>(`${api}/admin/auth/totp/enrol`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  await json(`${api}/admin/auth/totp/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: totpCodeAt(secret, new Date()) }),
  });
}
