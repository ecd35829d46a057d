/**
 * The console reaching a user at 1280x800, with the user's phone browser open beside it: a notification
 * to everyone and one to the user's account arrive as the "Reminder" modal and are listed as sent; then
 * the operator finds the user, freezes them and the phone is logged out (a frozen account cannot log in
 * again until it is unfrozen); a forced password reset refuses the old password.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser } from './support/api.ts';
import { openSection } from './support/console.ts';
import { type ConsoleBesidePhone, openConsoleBesidePhone } from './support/console-beside-phone.ts';
import type { RunningServer } from './support/server.ts';

let server: RunningServer;
let scene: ConsoleBesidePhone;
let console_: Page;
let phone: Page;
const account = `cuser_${Date.now().toString(36)}`;

/** Waits for the Reminder modal on the phone, checks its text, and confirms it away. */
async function expectReminder(content: string): Promise<void> {
  const reminder = phone.getByTestId('reminder-content');
  await expect.poll(() => reminder.textContent(), { timeout: 15_000 }).toBe(content);
  await phone.getByText('Reminder', { exact: true }).waitFor();
  await phone.getByRole('button', { name: 'Confirm' }).click();
  await reminder.waitFor({ state: 'detached' });
}

async function compose(audience: 'all' | 'user', title: string, content: string): Promise<void> {
  await console_
    .getByTestId('notify-audience')
    .getByText(audience === 'all' ? 'All users' : 'One account')
    .click();
  if (audience === 'user') await console_.getByTestId('notify-account').fill(account);
  await console_.getByTestId('notify-title').fill(title);
  await console_.getByTestId('notify-content').fill(content);
  await console_.getByTestId('notify-send').click();
  await console_.getByText('Notification sent').first().waitFor();
}

beforeAll(async () => {
  scene = await openConsoleBesidePhone({ account, password: 'secret123' });
  ({ server, phone, console: console_ } = scene);
});

afterAll(async () => {
  await scene?.close();
});

describe('the console reaching a user (1280x800 beside 390x844)', () => {
  it('sends notifications that arrive as the Reminder modal in the user’s browser', async () => {
    await phone.goto('/#/pages/mine/index');
    await phone.getByTestId('mine-balance').waitFor();

    await openSection(console_, 'notifications');
    await compose('all', 'Maintenance tonight', 'The service pauses at 02:00 UTC for ten minutes.');
    await expectReminder('The service pauses at 02:00 UTC for ten minutes.');

    await compose('user', 'About your account', `Hello ${account}, your documents were received.`);
    await expectReminder(`Hello ${account}, your documents were received.`);

    const sent = console_.getByTestId('notify-sent');
    await expect.poll(() => sent.locator('tr.ant-table-row').count()).toBe(2);
    // Newest first: the personal one names its addressee.
    expect(await sent.locator('tr.ant-table-row').first().textContent()).toContain(account);
  });

  it('freezes the user; their browser is logged out and they cannot log in again', async () => {
    await openSection(console_, 'users');
    await console_.getByTestId('user-search').locator('input').fill(account);
    await console_.getByTestId('user-search').locator('input').press('Enter');
    await expect.poll(() => console_.getByTestId('user-open').allTextContents()).toEqual([account]);
    await console_.getByTestId('user-open').click();
    await expect.poll(() => console_.getByTestId('user-state').getAttribute('data-frozen')).toBe('false');
    await console_.getByRole('tab', { name: /^Sessions/ }).click();
    await expect
      .poll(() => console_.getByTestId('user-sessions').locator('tr.ant-table-row').count())
      .toBe(1);

    await console_.getByTestId('user-freeze').click();
    await console_.getByTestId('user-freeze-dialog-confirm').click();
    await console_.getByText('Please give a reason').first().waitFor();
    await console_.getByTestId('user-freeze-dialog-reason').fill('Chargeback under review');
    await console_.getByTestId('user-freeze-dialog-confirm').click();
    await expect.poll(() => console_.getByTestId('user-state').getAttribute('data-frozen')).toBe('true');

    // The user's next step in the app finds the session gone (or the realtime disconnect got there first).
    await phone.goto('/#/pages/transaction-record/index');
    await expect.poll(() => phone.url(), { timeout: 15_000 }).toMatch(/#\/pages\/login\/index/);
    await phone.getByTestId('login-to-register').waitFor();
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(loginUser(server.url, account, 'secret123')).rejects.toThrow(/ACCOUNT_FROZEN/);

    await console_.getByTestId('user-unfreeze').click();
    await console_.getByTestId('user-unfreeze-dialog-reason').fill('Chargeback resolved');
    await console_.getByTestId('user-unfreeze-dialog-confirm').click();
    await expect.poll(() => console_.getByTestId('user-state').getAttribute('data-frozen')).toBe('false');
    expect((await loginUser(server.url, account, 'secret123')).user.username).toBe(account);
  });

  it('forces a password reset: the user cannot log in until they reset it', async () => {
    await console_.getByTestId('user-password-reset').click();
    await console_.getByTestId('user-reset-dialog-reason').fill('Credentials seen in a phishing report');
    await console_.getByTestId('user-reset-dialog-confirm').click();
    await console_.locator('.ant-message').getByText('Password reset required').first().waitFor();
    await expect(loginUser(server.url, account, 'secret123')).rejects.toThrow(/PASSWORD_RESET_REQUIRED/);
  });
});
