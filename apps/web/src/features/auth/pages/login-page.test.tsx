import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../lib/format.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { LOGIN_PATH, MY_ACCOUNT_PATH } from '../../../lib/paths.ts';
import { breakSeen } from '../../../lib/play-break-seen.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { getToken, getUid, getUserInfo } from '../../../lib/storage.ts';
import LoginPage from './login-page.tsx';

const CAPTCHA_IDS = ['0b8f3c1e-1111-4a6b-9c2d-000000000001', '0b8f3c1e-1111-4a6b-9c2d-000000000002'];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server, replaced at the network boundary: hands out captchas, answers login as told. */
function fakeServer(loginAnswer: () => Response | Promise<Response>) {
  let captchas = 0;
  const logins: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/v1/auth/captcha')) {
        const captchaId = CAPTCHA_IDS[captchas % CAPTCHA_IDS.length];
        captchas += 1;
        return json(200, {
          captchaId,
          svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          expiresAt: 4102444800,
        });
      }
      if (url === '/api/v1/auth/login') {
        logins.push(JSON.parse(String(init?.body)));
        return loginAnswer();
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return { logins, captchaCount: () => captchas };
}

function renderLogin(path = LOGIN_PATH) {
  const router = createMemoryRouter(
    [
      { path: LOGIN_PATH, Component: LoginPage },
      { path: '/', element: <p>Home page</p> },
      { path: MY_ACCOUNT_PATH, element: <p>My account page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.input(field(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('login-submit'));
/** Once the captcha shows: the demo account, a password and a captcha answer, sent. */
async function signIn() {
  await screen.findByRole('img');
  type('login-account', 'demo');
  type('login-password', 'secret1');
  type('login-captcha', 'ab12');
  submit();
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('shows the captcha image from the server', async () => {
    fakeServer(() => json(500, {}));
    renderLogin();
    const image = await screen.findByRole('img');
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(image.getAttribute('data-captcha-id')).toBe(CAPTCHA_IDS[0]);
  });

  it('says which required fields are missing and sends nothing', async () => {
    const server = fakeServer(() => json(500, {}));
    renderLogin();
    await screen.findByRole('img');
    submit();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Please enter your account',
      'Please enter your password',
      'Please enter the image code',
    ]);
    expect(field('login-account').getAttribute('aria-invalid')).toBe('true');
    expect(server.logins).toHaveLength(0);
  });

  it('does not apply new-account format rules to an existing account (only "required")', async () => {
    const server = fakeServer(() =>
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect account or password' } }),
    );
    renderLogin();
    await screen.findByRole('img');
    type('login-account', 'ab');
    type('login-password', '123');
    type('login-captcha', 'x7kq');
    submit();
    await waitFor(() => expect(server.logins).toHaveLength(1));
  });

  it('on a wrong captcha shows the server message, clears the code and fetches a fresh captcha', async () => {
    const server = fakeServer(() =>
      json(400, { error: { code: 'INVALID_CAPTCHA', message: 'Incorrect captcha' } }),
    );
    renderLogin();
    await screen.findByRole('img');
    type('login-account', 'demo');
    type('login-password', 'secret1');
    type('login-captcha', 'nope');
    submit();
    expect(await screen.findByText('Incorrect captcha')).toBeTruthy();
    expect(server.logins).toEqual([
      { account: 'demo', password: 'secret1', captchaId: CAPTCHA_IDS[0], captchaAnswer: 'nope' },
    ]);
    await waitFor(() => expect(server.captchaCount()).toBe(2));
    await waitFor(() => expect(screen.getByRole('img').getAttribute('data-captcha-id')).toBe(CAPTCHA_IDS[1]));
    expect(field('login-captcha').value).toBe('');
    expect(getToken()).toBeNull();
  });

  it('shows "Logging in" while the request runs, then stores the session and returns to the redirect', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const server = fakeServer(() => pending);
    const router = renderLogin(`${LOGIN_PATH}?redirect=${encodeURIComponent(MY_ACCOUNT_PATH)}`);
    await signIn();
    await waitFor(() => expect(screen.getByTestId('login-submit').textContent).toContain('Logging in'));
    await act(async () => {
      answer(
        json(200, {
          token: 'opaque-token',
          expiresAt: 4102444800,
          user: { id: '7d0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11', username: 'demo' },
          playBreak: null,
        }),
      );
    });
    expect(await screen.findByText('My account page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(MY_ACCOUNT_PATH);
    expect(getToken()).toBe('opaque-token');
    expect(getUserInfo()).toEqual({ username: 'demo', id: '7d0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11' });
    expect(getUid()).toBe('7d0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11');
    expect(server.logins).toHaveLength(1);
  });

  it('names the end of a running break once signed in, in place of the form, then goes on', async () => {
    const endsAt = 4_102_444_800;
    fakeServer(() =>
      json(200, {
        token: 'opaque-token',
        expiresAt: 4102444800,
        user: { id: '7d0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11', username: 'demo' },
        playBreak: { kind: 'exclusion_6m', endsAt },
      }),
    );
    const router = renderLogin(`${LOGIN_PATH}?redirect=${encodeURIComponent(MY_ACCOUNT_PATH)}`);
    await signIn();
    const notice = await screen.findByTestId('login-break-notice');
    expect(notice.textContent).toContain(`Your account is on a break until ${formatTime(endsAt)}`);
    expect(notice.textContent).toContain('withdrawals stay open');
    expect(screen.queryByTestId('login-submit')).toBeNull();
    expect(router.state.location.pathname).toBe(LOGIN_PATH);
    // Marked seen: the signed-in app does not say it a second time.
    expect(breakSeen()).toBe(String(endsAt));
    fireEvent.click(screen.getByTestId('login-break-continue'));
    expect(await screen.findByText('My account page')).toBeTruthy();
  });

  it('shows no break notice for a refused login', async () => {
    fakeServer(() =>
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong account or password' } }),
    );
    renderLogin();
    await signIn();
    await waitFor(() => expect(screen.getByTestId('login-captcha')).toBeTruthy());
    expect(screen.queryByTestId('login-break-notice')).toBeNull();
    expect(breakSeen()).toBeNull();
  });
});
