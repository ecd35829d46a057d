/**
 * Customer service at both ends: the user writes on the kefu tab of their phone (an empty message is
 * refused and sends nothing), the operator finds the conversation in the console at 1280x800, sees the
 * text as text and answers; the answer appears in the open conversation without a reload and without a
 * "Reminder" modal over it. On another page, the next answer arrives as the Reminder (spec §7).
 */
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { openSection } from './support/console.ts';
import { type ConsoleBesidePhone, openConsoleBesidePhone } from './support/console-beside-phone.ts';

let scene: ConsoleBesidePhone;
let phone: Page;
let console_: Page;
const account = `kefu_${Date.now().toString(36)}`;
const question = 'Where is my <b>deposit</b>?';

beforeAll(async () => {
  scene = await openConsoleBesidePhone({ account, password: 'secret123' });
  ({ phone, console: console_ } = scene);
});

afterAll(async () => {
  await scene?.close();
});

describe('customer service (390x844 beside the console at 1280x800)', () => {
  it('refuses an empty message and sends nothing', async () => {
    await phone.goto('/#/pages/kefu/index');
    await phone.getByTestId('support-input').waitFor();
    await phone.getByTestId('support-send').click();
    await expect.poll(() => phone.getByTestId('support-error').textContent()).toBe('Please enter a message');
    const mine = await apiClient(scene.server.url, scene.session.token).call(supportEndpoints.list);
    expect(mine.items).toEqual([]);
  });

  it('carries a question to the console and the answer back to the phone', async () => {
    await phone.getByTestId('support-input').fill(question);
    await phone.getByTestId('support-send').click();
    const phoneTexts = phone.getByTestId('support-message-text');
    await expect.poll(() => phoneTexts.allTextContents()).toEqual([question]);
    expect(await phone.getByTestId('support-message').locator('b').count()).toBe(0);

    await openSection(console_, 'support');
    await console_.getByTestId(`support-thread-${account}`).click();
    const consoleTexts = console_.getByTestId('support-message-text');
    await expect.poll(() => consoleTexts.allTextContents()).toEqual([question]);
    expect(await console_.getByTestId('support-messages').locator('b').count()).toBe(0);
    await console_.getByTestId('support-reply-text').fill('It was credited at 10:02.');
    await console_.getByTestId('support-reply-send').click();
    await console_.getByText('Reply sent').first().waitFor();

    // On the customer-service page the answer shows in the chat, and no Reminder covers it.
    await expect
      .poll(() => phoneTexts.allTextContents(), { timeout: 15_000 })
      .toEqual([question, 'It was credited at 10:02.']);
    await phone.waitForTimeout(1500);
    expect(await phone.getByTestId('reminder-content').count()).toBe(0);
  });

  it('brings the next answer as a Reminder when the user is on another page', async () => {
    await phone.goto('/#/pages/mine/index');
    await phone.locator('h1').first().waitFor();
    await console_.getByTestId('support-reply-text').fill('Anything else we can do?');
    await console_.getByTestId('support-reply-send').click();

    const reminder = phone.getByTestId('reminder-content');
    await expect.poll(() => reminder.textContent(), { timeout: 15_000 }).toBe('Anything else we can do?');
    await phone.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => reminder.count()).toBe(0);
    await phone.goto('/#/pages/kefu/index');
    await expect
      .poll(() => phone.getByTestId('support-message-text').allTextContents())
      .toEqual([question, 'It was credited at 10:02.', 'Anything else we can do?']);
  });
});
