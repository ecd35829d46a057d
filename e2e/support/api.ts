/**
 * Direct API calls for journeys: log in (reading the captcha answer the server exposes in test mode
 * only), and the operator actions a journey needs before the console pages exist.
 */
export interface ApiSession {
  token: string;
  user: { id: string; username: string };
}

async function captcha(baseUrl: string): Promise<{ captchaId: string; captchaAnswer: string }> {
  const response = await fetch(`${baseUrl}/api/v1/auth/captcha`);
  const body = (await response.json()) as { captchaId: string };
  const captchaAnswer = response.headers.get('x-test-captcha-answer');
  if (!captchaAnswer) throw new Error('the server is not in test mode: no captcha answer header');
  return { captchaId: body.captchaId, captchaAnswer };
}

export async function api<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path} -> ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export async function loginUser(baseUrl: string, account: string, password: string): Promise<ApiSession> {
  return api<ApiSession>(baseUrl, 'POST', '/auth/login', {
    body: { account, password, ...(await captcha(baseUrl)) },
  });
}

export async function loginOperator(
  baseUrl: string,
  account = 'admin',
  password = 'admin12345',
): Promise<string> {
  const result = await api<{ token: string }>(baseUrl, 'POST', '/admin/auth/login', {
    body: { account, password, ...(await captcha(baseUrl)) },
  });
  return result.token;
}

export async function registerUser(baseUrl: string, account: string, password: string): Promise<void> {
  await api(baseUrl, 'POST', '/auth/register', {
    body: { account, password, confirmPassword: password, invitationCode: 'DEMO2026' },
  });
}
