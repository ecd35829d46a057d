/**
 * The referral journey at 390x844, across three business days of the server's test clock (decision
 * 0040: TEST_CLOCK_OFFSET_SECONDS, honoured only in test mode). Day D-1: the operator sets the programme,
 * which a change only ever does from the next business day. Day D: the inviter takes the share link from
 * the team page, a new user opens it (registration with the code filled in), registers, logs in, is
 * funded and takes a position that settles; the inviter's team page shows them (masked) and the day
 * accruing. Day D+1 (the same data, the server restarted a day later): the day is paid, and the
 * inviter sees the reward with its status on the team page and a "Referral reward" line in the records.
 */

import {
  accountEndpoints,
  adminAuthEndpoints,
  ledgerEndpoints,
  referralEndpoints,
} from '@tradehall/contracts/endpoints';
import { maskAccount, positionEdgeUnits, rewardCents } from '@tradehall/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  apiClient,
  fundUser,
  loginOperator,
  loginUser,
  registerUser,
} from './support/api.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { captchaAnswer, signedInUserContext, totpCode } from './support/console.ts';
import { createRestartableServer, type RestartableServer } from './support/restartable-server.ts';
import { awaitOpenRound, enterNormalRoom } from './support/round-play.ts';

const DAY_SECONDS = 86_400;
/** TOTP periods (30 s) in a day: the operator's authenticator reads the real time, the server its own. */
const DAY_STEPS = DAY_SECONDS / 30;
const LEVEL1_BPS = 2500;
const STAKE_CENTS = 10_000;
const LONG = { category: 'both_sides', type: 'long' } as const;
/** How long a page may take to show what it fetched: the machine running the journeys is shared. */
const SHOWN = { timeout: 15_000 };

let server: RestartableServer;
let browser: Browser;
let inviterContext: BrowserContext;
let inviteeContext: BrowserContext;
let inviterPage: Page;
let inviteePage: Page;
let inviter: ApiSession;
let totpSecret: string;
let shareLink = '';
let inviteCode = '';
const suffix = Date.now().toString(36);
const inviterAccount = `inviter_${suffix}`;
const inviteeAccount = `invitee_${suffix}`;
const password = 'secret123';

/** A day offset in seconds as the restartable server's extra environment. */
const dayOffset = (days: number) => ({ TEST_CLOCK_OFFSET_SECONDS: String(days * DAY_SECONDS) });

async function confirmReminders(page: Page): Promise<void> {
  // A decided deposit or a settled round pops up the Reminder modal (spec §7): confirm it when in the way.
  await page.addLocatorHandler(page.getByTestId('reminder-content'), async () => {
    await page.getByRole('button', { name: 'Confirm' }).click();
  });
}

beforeAll(async () => {
  server = await createRestartableServer({
    ROUND_SECONDS_OVERRIDE: '8',
    SEALED_SECONDS_OVERRIDE: '3',
    DRAWING_SECONDS_OVERRIDE: '1',
    REFERRAL_PAY_CHECK_MS: '500',
  });
  // Day D-1: two-factor on for the operator, then the programme from the next business day (D).
  await server.start(dayOffset(-1));
  const operator = await loginOperator(server.url);
  const admin = apiClient(server.url, operator);
  totpSecret = (await admin.call(adminAuthEndpoints.enrolTotp, { body: {} })).secret;
  await admin.call(adminAuthEndpoints.confirmTotp, { body: { code: totpCode(totpSecret, -DAY_STEPS - 1) } });
  const rule = await admin.call(referralEndpoints.adminUpdateProgramme, {
    body: {
      mode: 'two_levels',
      level1RateBps: LEVEL1_BPS,
      level2RateBps: 500,
      dailyCapCents: 100_000,
      totpCode: totpCode(totpSecret, -DAY_STEPS + 1),
    },
  });
  expect(rule.inForce.mode).toBe('off');
  expect(rule.next).toMatchObject({ mode: 'two_levels', level1RateBps: LEVEL1_BPS });
  await registerUser(server.url, inviterAccount, password);
  await server.stop();

  // Day D, the real today.
  await server.start();
  inviter = await loginUser(server.url, inviterAccount, password);
  browser = await launchBrowser();
  // The inviter is logged in as the app itself stores a session (the login journey is covered on its own).
  inviterContext = await signedInUserContext(browser, server.url, inviter);
  inviterPage = await inviterContext.newPage();
  await confirmReminders(inviterPage);
  inviteeContext = await phoneContext(browser, server.url);
  inviteePage = await inviteeContext.newPage();
  await confirmReminders(inviteePage);
}, 240_000);

afterAll(async () => {
  await inviterContext?.close();
  await inviteeContext?.close();
  await browser?.close();
  await server?.dispose();
});

describe('the referral journey at 390x844', () => {
  it('the inviter opens the team page from My account and takes the share link', async () => {
    await inviterPage.goto('/#/pages/mine/index');
    await inviterPage.getByRole('link', { name: 'My team' }).click();
    await inviterPage.waitForURL(/#\/pages\/team\/index/);
    inviteCode = (await inviterPage.getByTestId('team-code').textContent()) ?? '';
    expect(inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    shareLink = (await inviterPage.getByTestId('team-link').textContent()) ?? '';
    // The app routes on the hash: the link must carry it, or it opens the home page without the code.
    expect(shareLink).toBe(`${server.url}/#/pages/register/index?code=${inviteCode}`);
    await expect
      .poll(() => inviterPage.getByText('Nobody has joined at this level yet.').first().isVisible(), SHOWN)
      .toBe(true);
  });

  it('a new user opens the share link, registers with the code filled in and logs in', async () => {
    await inviteePage.goto(shareLink);
    await expect
      .poll(() => inviteePage.getByTestId('register-invitation').inputValue(), SHOWN)
      .toBe(inviteCode);
    await inviteePage.getByTestId('register-account').fill(inviteeAccount);
    await inviteePage.getByTestId('register-password').fill(password);
    await inviteePage.getByTestId('register-confirm').fill(password);
    await inviteePage.getByTestId('register-submit').click();
    await inviteePage.waitForURL(/\/pages\/login\/index/);
    const answer = await captchaAnswer(inviteePage, () => inviteePage.reload());
    await inviteePage.getByTestId('login-account').fill(inviteeAccount);
    await inviteePage.getByTestId('login-password').fill(password);
    await inviteePage.getByTestId('login-captcha').fill(answer);
    await inviteePage.getByTestId('login-submit').click();
    await inviteePage.waitForURL((url) => !url.href.includes('/pages/login/'));
  });

  it('is funded and takes a position that settles', async () => {
    const session = await loginUser(server.url, inviteeAccount, password);
    const operator = await loginOperator(server.url, 'admin', 'admin12345', { secret: totpSecret });
    await fundUser(server.url, session.token, operator, 2 * STAKE_CENTS);
    await enterNormalRoom(inviteePage);
    await awaitOpenRound(inviteePage, 30_000);
    await inviteePage.getByTestId('bet-both-long').click();
    await inviteePage.getByTestId('bet-amount').fill(String(STAKE_CENTS / 100));
    await inviteePage.getByTestId('bet-submit').click();
    await expect.poll(() => inviteePage.getByTestId('my-position').count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => inviteePage.getByTestId('my-position').first().getAttribute('data-status'), {
        timeout: 40_000,
        interval: 250,
      })
      .toMatch(/won|lost/);
    const me = await apiClient(server.url, session.token).call(accountEndpoints.me);
    expect(me.balance).toBeGreaterThanOrEqual(STAKE_CENTS);
  });

  it('the team page shows the invitee, masked, and the day accruing', async () => {
    await inviterPage.reload();
    const level1 = inviterPage.getByTestId('team-level-1');
    await expect.poll(() => level1.getByTestId('team-invitee').count(), SHOWN).toBe(1);
    const row = await level1.getByTestId('team-invitee').first().textContent();
    expect(row).toContain(maskAccount(inviteeAccount));
    expect(row).not.toContain(inviteeAccount);
    expect(row).toContain('$100.00');
    await expect
      .poll(() => inviterPage.getByTestId('team-reward').first().getAttribute('data-status'), SHOWN)
      .toBe('accruing');
  });

  it('the next day the reward is paid: on the team page with its status, and in the records', async () => {
    await server.stop();
    await server.start(dayOffset(1));
    const expected = rewardCents(positionEdgeUnits(LONG, STAKE_CENTS, 196), LEVEL1_BPS);
    expect(expected).toBe(50);
    // The server pays the day within moments of starting (REFERRAL_PAY_CHECK_MS=500).
    await expect
      .poll(
        async () =>
          (await apiClient(server.url, inviter.token).call(referralEndpoints.rewards)).items[0]?.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('paid');
    // A fresh page: the old one's connections went with the server it was talking to.
    await inviterPage.close();
    inviterPage = await inviterContext.newPage();
    await confirmReminders(inviterPage);
    await inviterPage.goto('/#/pages/team/index', { waitUntil: 'domcontentloaded' });
    const reward = inviterPage.getByTestId('team-reward').first();
    await expect.poll(() => reward.getAttribute('data-status'), SHOWN).toBe('paid');
    const line = await reward.textContent();
    expect(line).toContain('$0.50');
    expect(line).toContain('Paid');
    expect(line).toContain('Level 1');
    await expect
      .poll(() => inviterPage.getByTestId('team-paid-total').textContent(), SHOWN)
      .toContain('$0.50');

    const transactions = await apiClient(server.url, inviter.token).call(ledgerEndpoints.transactions, {
      query: {},
    });
    expect(transactions.items.map((item) => [item.code, item.amount])).toEqual([['referral', expected]]);
    await inviterPage.goto('/#/pages/transaction-record/index', { waitUntil: 'domcontentloaded' });
    const record = inviterPage.locator('[data-testid="record-item"][data-code="referral"]');
    await expect
      .poll(async () => {
        const count = await record.count();
        if (count === 0) await inviterPage.reload({ waitUntil: 'domcontentloaded' });
        return count;
      }, SHOWN)
      .toBe(1);
    const text = await record.first().textContent();
    expect(text).toContain('Referral reward');
    expect(text).toContain('$0.50');
  });
});
