/**
 * Notices, end to end at 390x844: an operator sends a notification through the admin API; the logged-in
 * user's browser shows the "Reminder" modal over socket.io with the content as literal text (an XSS
 * payload stays text: no element is created, no script runs), one Confirm closes it; the notification
 * is in /pages/setting/set as unread, then read when tapped, and the My account badge follows. A personal
 * message (gaogaoasx) reaches only its addressee. Turning announcements off in the settings stops their
 * push, not personal messages.
 */
import { adminNotificationEndpoints, notificationEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, loginOperator, loginUser, registerUser } from './support/api.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { enrolTwoFactor } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

const XSS = '<img src=x onerror="window.__xss=1"><b>bold</b>';
const stamp = Date.now().toString(36);
const alice = `rt_alice_${stamp}`;
const bob = `rt_bob_${stamp}`;

let server: RunningServer;
let browser: Browser;
let operator: string;
const contexts: BrowserContext[] = [];

interface Phone {
  page: Page;
  session: ApiSession;
  /** Whether socket.io has accepted the connection (its CONNECT answer arrived). */
  noticesConnected: () => boolean;
}

/** A phone logged in as `account`, watching its socket.io connection. */
async function phoneFor(account: string): Promise<Phone> {
  const session = await loginUser(server.url, account, 'secret123');
  const context = await phoneContext(browser, server.url);
  contexts.push(context);
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify({ username: user.username, id: user.id }));
      localStorage.setItem('uid', user.id);
    },
    { token: session.token, user: session.user },
  );
  const page = await context.newPage();
  let connected = false;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', ({ payload }) => {
      // socket.io's CONNECT answer on the default namespace: `40{"sid":...}`.
      if (typeof payload === 'string' && payload.startsWith('40')) connected = true;
    });
    socket.on('close', () => {
      connected = false;
    });
  });
  return { page, session, noticesConnected: () => connected };
}

const send = (body: { audience: 'all' | 'user'; account?: string; title: string; content: string }) =>
  apiClient(server.url, operator).call(adminNotificationEndpoints.send, { body });

const reminderTexts = (page: Page) =>
  page.getByTestId('reminder-content').evaluateAll((nodes) => nodes.map((node) => node.textContent));

let me: Phone;
let other: Phone;

beforeAll(async () => {
  server = await startServer();
  await registerUser(server.url, alice, 'secret123');
  await registerUser(server.url, bob, 'secret123');
  operator = await loginOperator(server.url);
  // Approving money takes an operator with two-factor on.
  await enrolTwoFactor(server.url, operator);
  browser = await launchBrowser();
  me = await phoneFor(alice);
  other = await phoneFor(bob);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('notices at 390x844', () => {
  it('connects each logged-in phone to notices over socket.io', async () => {
    await me.page.goto('/#/pages/mine/index');
    await other.page.goto('/#/pages/mine/index');
    await expect.poll(() => me.noticesConnected(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => other.noticesConnected(), { timeout: 15_000 }).toBe(true);
  });

  it('shows an announcement in the Reminder modal as literal text, with Confirm only', async () => {
    const { page } = me;
    await send({ audience: 'all', title: 'Security notice', content: XSS });
    const dialog = page.locator('.reminder').filter({ has: page.getByTestId('reminder-content') });
    await dialog.waitFor({ state: 'visible' });
    await expect.poll(() => dialog.locator('.adm-dialog-title').textContent()).toBe('Reminder');
    expect(await page.getByTestId('reminder-content').textContent()).toBe(XSS);
    // The markup stayed text: no element was made of it and its handler never ran.
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await dialog.locator('b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    // One button, Confirm; no cancel.
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Confirm']);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    // Everyone with announcements on got it.
    await expect.poll(() => reminderTexts(other.page)).toEqual([XSS]);
    await other.page.getByRole('button', { name: 'Confirm' }).click();
    await other.page.getByTestId('reminder-content').waitFor({ state: 'detached' });
  });

  it('closes a Reminder confirmed during its opening animation: nothing left, the page scrolls again', async () => {
    const { page } = other;
    await page.getByTestId('tab-mine').focus();
    // Activates Confirm at the first frame the dialog shows (its opening animation runs from opacity 0 to
    // 1 in about 0.3 s), as a keyboard or screen reader user can: a tap only reaches it at opacity 1.
    const activated = page.evaluate(
      () =>
        new Promise<{ opacity: number }>((resolve) => {
          const check = () => {
            const button = document.querySelector<HTMLButtonElement>('.adm-center-popup .reminder button');
            const box = button?.closest<HTMLElement>('.adm-center-popup-wrap > div');
            const opacity = Number(box?.style.opacity ?? 0);
            if (button && opacity > 0) {
              button.click();
              resolve({ opacity });
            } else requestAnimationFrame(check);
          };
          check();
        }),
    );
    await send({ audience: 'user', account: bob, title: 'Quick', content: 'Confirmed at once' });
    // Still fading in when activated: the dialog takes input from its first frame, not only at the end.
    const { opacity } = await activated;
    expect(opacity).toBeLessThan(1);
    await page.getByTestId('reminder-content').waitFor({ state: 'detached' });
    // No invisible dialog left behind, no scroll lock on the page, focus where it was.
    await expect.poll(() => page.locator('.adm-center-popup, .adm-mask').count()).toBe(0);
    expect(await page.evaluate(() => document.body.classList.contains('adm-overflow-hidden'))).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tab-mine');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('counts it on the My account tab and lists it as unread, then read once tapped', async () => {
    const { page } = me;
    await expect.poll(() => page.getByTestId('tab-mine-unread').getAttribute('data-count')).toBe('1');
    await page.goto('/#/pages/setting/set');
    const item = page.getByTestId('notification-item').filter({ hasText: 'Security notice' });
    await expect.poll(() => item.getAttribute('data-read')).toBe('false');
    expect(await item.getByTestId('notification-content').textContent()).toBe(XSS);
    expect(await item.locator('img, b').count()).toBe(0);

    await item.getByTestId('notification-open').click();
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await expect
      .poll(
        async () =>
          (await apiClient(server.url, me.session.token).call(notificationEndpoints.unreadCount)).unread,
      )
      .toBe(0);
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-nickname').waitFor();
    await expect.poll(() => page.getByTestId('tab-mine-unread').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('shows a personal message only to its addressee', async () => {
    await send({ audience: 'user', account: bob, title: 'For Bob', content: 'Only for Bob' });
    await send({ audience: 'user', account: alice, title: 'For Alice', content: 'Only for Alice' });
    // Bob gets his; Alice gets hers, sent after Bob's: had Bob's reached her, it would be on screen first.
    await expect.poll(() => reminderTexts(other.page)).toEqual(['Only for Bob']);
    await expect.poll(() => reminderTexts(me.page)).toEqual(['Only for Alice']);
    for (const phone of [me, other]) {
      await phone.page.getByRole('button', { name: 'Confirm' }).click();
      await phone.page.getByTestId('reminder-content').waitFor({ state: 'detached' });
    }
    // In Alice's personal messages, not Bob's.
    await me.page.goto('/#/pages/setting/set?tab=personal');
    await expect
      .poll(() => me.page.getByTestId('notification-title').allTextContents())
      .toEqual(['For Alice']);
  });

  it('marks everything read at once', async () => {
    const { page } = me;
    await page.goto('/#/pages/setting/set');
    await expect.poll(() => page.getByTestId('notification-item').count()).toBe(2);
    await page.getByTestId('notifications-mark-all').click();
    await expect
      .poll(() =>
        page.getByTestId('notification-item').evaluateAll((items) => items.map((i) => i.dataset.read)),
      )
      .toEqual(['true', 'true']);
  });

  it('with announcements turned off, pushes personal messages but not announcements', async () => {
    const { page } = me;
    await page.goto('/#/pages/setting/set?tab=settings');
    const toggle = page.getByTestId('notification-setting-announcement');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const settings = await apiClient(server.url, me.session.token).call(notificationEndpoints.settings);
    expect(settings.announcement).toBe(false);

    await send({ audience: 'all', title: 'Maintenance', content: 'Maintenance tonight' });
    await send({ audience: 'user', account: alice, title: 'Hello', content: 'A personal hello' });
    await expect.poll(() => reminderTexts(page)).toEqual(['A personal hello']);
    // Bob keeps his announcements on.
    await expect.poll(() => reminderTexts(other.page)).toEqual(['Maintenance tonight']);
    // Not pushed, but stored: it is in the list.
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.goto('/#/pages/setting/set');
    await expect
      .poll(() => page.getByTestId('notification-title').allTextContents())
      .toEqual(expect.arrayContaining(['Maintenance', 'Hello']));
  });
});
