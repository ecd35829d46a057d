/**
 * The operator console in Chromium at 1280x800: a desktop context in English, login through the real
 * form (reading the captcha answer the server exposes in test mode from the captcha response), and
 * two-factor codes computed from the enrolled secret as an authenticator app would.
 */
import { adminAuthEndpoints } from '@tradehall/contracts/endpoints';
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiClient } from './api.ts';
import { phoneContext } from './browser.ts';

export const DESKTOP = { width: 1280, height: 800 };
const TOTP_PERIOD_MS = 30_000;

export async function consoleContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  // The journeys read English text: pin the console's language unless the journey itself chose one
  // (only when unset, so a switch made on the page survives a reload).
  await context.addInitScript(() => {
    if (localStorage.getItem('console.language') === null) localStorage.setItem('console.language', 'en');
  });
  return context;
}

/** Runs an action that makes the page load a captcha and returns that captcha's answer. */
export async function captchaAnswer(page: Page, action: () => Promise<unknown>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/v1/auth/captcha') && candidate.ok()),
    action(),
  ]);
  const answer = response.headers()['x-test-captcha-answer'];
  if (!answer) throw new Error('the server is not in test mode: no captcha answer header');
  return answer;
}

/**
 * The code an authenticator shows for the given secret. `stepsAhead: 1` gives the next period's code:
 * the server accepts one step of drift and refuses a step it already accepted, so a login right after
 * enrolment (which used the current step) uses the next one instead of waiting up to 30 s.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_MS / 1000 }).generate({
    timestamp: Date.now() + stepsAhead * TOTP_PERIOD_MS,
  });
}

export interface ConsoleLogin {
  account?: string;
  password?: string;
  /** The enrolled two-factor secret: the form asks for a code after the password. */
  totpSecret?: string;
  /** Which step's code to type (see totpCode). */
  totpStepsAhead?: number;
  /**
   * An operator without two-factor is asked to enrol as they sign in (money decisions need it):
   * `enrol` (the default) does it there — reads the secret beside the QR code and confirms with a code,
   * as an operator with an authenticator app would; `later` closes the prompt and leaves two-factor off.
   */
  twoFactorPrompt?: 'enrol' | 'later';
}

/** What signing in left: the two-factor secret when the prompt enrolled one, for the next login. */
export interface ConsoleSignedIn {
  totpSecret: string | null;
}

/** Logs in through the console's form and waits for the signed-in header. */
export async function loginConsole(page: Page, login: ConsoleLogin = {}): Promise<ConsoleSignedIn> {
  const { account = 'admin', password = 'admin12345' } = login;
  await page.goto('/console/');
  // A login form that was already open may still be loading a captcha of its own: let every request
  // settle, then ask for a fresh one, so the answer read is the one on screen.
  await page.getByTestId('console-captcha-image').waitFor();
  await page.waitForLoadState('networkidle');
  let answer = await captchaAnswer(page, () => page.getByTestId('console-captcha-image').click());
  await page.getByTestId('console-account').fill(account);
  await page.getByTestId('console-password').fill(password);
  await page.getByTestId('console-captcha').fill(answer);
  if (login.totpSecret) {
    // The first submit is refused with TOTP_REQUIRED; the form then asks for the code and a new captcha.
    answer = await captchaAnswer(page, () => page.getByTestId('console-submit').click());
    await page.getByTestId('console-totp').fill(totpCode(login.totpSecret, login.totpStepsAhead ?? 0));
    await page.getByTestId('console-captcha').fill(answer);
  }
  await page.getByTestId('console-submit').click();
  await page.getByTestId('console-operator').waitFor();
  if (login.totpSecret) return { totpSecret: login.totpSecret };
  return handleTwoFactorPrompt(page, login.twoFactorPrompt ?? 'enrol');
}

/** The enrolment prompt shown at sign-in to an operator without two-factor (see ConsoleLogin). */
export async function handleTwoFactorPrompt(page: Page, choice: 'enrol' | 'later'): Promise<ConsoleSignedIn> {
  const prompt = page.getByTestId('two-factor-prompt');
  // The profile decides whether it shows, and it is known once the header is there: a short wait only
  // covers the modal's mounting.
  const shown = await prompt.waitFor({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return { totpSecret: null };
  if (choice === 'later') {
    await page.getByTestId('two-factor-later').click();
    await prompt.waitFor({ state: 'detached' });
    return { totpSecret: null };
  }
  const secret = (await prompt.getByTestId('totp-secret').textContent())?.trim() ?? '';
  if (!/^[A-Z2-7]{32}$/.test(secret)) throw new Error(`no two-factor secret in the prompt: ${secret}`);
  await prompt.getByTestId('totp-code').fill(totpCode(secret));
  await prompt.getByTestId('totp-confirm').click();
  await prompt.waitFor({ state: 'detached' });
  return { totpSecret: secret };
}

/** Opens a section from the side menu (as an operator would, keeping the session). */
export async function openSection(page: Page, section: string): Promise<void> {
  await page.getByTestId(`menu-${section}`).click();
}

/**
 * A user's phone browser already signed in, the way the web app stores a session (the login journey
 * is covered on its own), for journeys that watch what an operator's action does to a user.
 */
export async function signedInUserContext(
  browser: Browser,
  baseURL: string,
  session: { token: string; user: { id: string; username: string } },
): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL);
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify({ username: user.username, id: user.id }));
      localStorage.setItem('uid', user.id);
    },
    { token: session.token, user: session.user },
  );
  return context;
}

/** Closes the open detail drawer with its close button and waits until its content is gone. */
export async function closeDrawer(page: Page, contentTestId: string): Promise<void> {
  await page.locator('.ant-drawer-close:visible').click();
  await page.getByTestId(contentTestId).waitFor({ state: 'detached' });
}

/**
 * Turns two-factor on for the operator behind `token` through the API (money decisions need it), as
 * an authenticator app would confirm it; returns the secret. The confirmation uses the previous step
 * (inside the accepted drift), so the current step's code stays free for a login.
 */
export async function enrolTwoFactor(baseUrl: string, token: string): Promise<string> {
  const client = apiClient(baseUrl, token);
  const { secret } = await client.call(adminAuthEndpoints.enrolTotp, { body: {} });
  await client.call(adminAuthEndpoints.confirmTotp, { body: { code: totpCode(secret, -1) } });
  return secret;
}
