/**
 * The rest of an operator's day at 1280x800: the dashboard's queue count, a deposit rejected with a
 * reason, a balance adjustment in dollars (and one refused for exceeding the balance, with the server's
 * message), a credit score, the ledger proving the books balance, a room's house edge changed, the room
 * paused and resumed, the next hash chain published, the audit log's before/after of a change, and a new
 * operator-role account whose console offers no admin-only control.
 */
import { depositEndpoints } from '@tradehall/contracts/endpoints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, idempotencyKey, loginUser, registerUser } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { closeDrawer, consoleContext, loginConsole, openSection } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
const account = `cops_${Date.now().toString(36)}`;

const rows = (testId: string) => page.getByTestId(testId).locator('tr.ant-table-row');
/** Waits for an antd message (toast) with this text. */
const messageShown = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();

beforeAll(async () => {
  server = await startServer();
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  await apiClient(server.url, session.token).call(depositEndpoints.create, {
    body: { method: 'offline', amount: 2000, depositorName: 'Wrong Payer', idempotencyKey: idempotencyKey() },
  });
  browser = await launchBrowser();
  context = await consoleContext(browser, server.url);
  page = await context.newPage();
  await loginConsole(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('console operations at 1280x800', () => {
  it('counts the pending deposit on the dashboard and rejects it with a reason', async () => {
    await expect.poll(() => page.getByTestId('dash-pending-deposits').textContent()).toContain('1');
    await expect.poll(() => page.getByTestId('dash-ledger').getAttribute('data-ok')).toBe('true');

    await openSection(page, 'deposits');
    await page.locator('tr.ant-table-row', { hasText: account }).getByTestId('deposit-review').click();
    await page.getByTestId('deposit-reject').click();
    await page.getByTestId('deposit-reject-dialog-reason').fill('No matching transfer received');
    await page.getByTestId('deposit-reject-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('deposit-detail').getAttribute('data-status')).toBe('rejected');
    expect(await page.getByTestId('deposit-detail').textContent()).toContain('No matching transfer received');
    await closeDrawer(page, 'deposit-detail');
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: account }).count()).toBe(0);
  });

  it('adjusts the balance in dollars, refuses a debit beyond it, and sets the credit score', async () => {
    await openSection(page, 'users');
    await page.getByTestId('user-search').locator('input').fill(account);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('user-open').allTextContents()).toEqual([account]);
    await page.getByTestId('user-open').click();
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toBe('$0.00');

    await page.getByTestId('user-adjust').click();
    await page.getByTestId('adjust-amount').fill('25.5');
    await expect.poll(() => page.getByTestId('adjust-preview').textContent()).toContain('+$25.50');
    await page.getByTestId('adjust-reason').fill('Goodwill credit');
    await page.getByTestId('adjust-confirm').click();
    await messageShown('Balance adjusted; new balance $25.50');
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toBe('$25.50');

    await page.getByTestId('user-adjust').click();
    await page.getByTestId('adjust-amount').fill('-100');
    await page.getByTestId('adjust-reason').fill('Too much');
    await page.getByTestId('adjust-confirm').click();
    await messageShown('Insufficient balance');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toBe('$25.50');

    await page.getByTestId('user-credit').click();
    await page.getByTestId('credit-score-value').fill('720');
    await page.getByTestId('credit-score-reason').fill('Verified documents');
    await page.getByTestId('credit-score-confirm').click();
    await expect.poll(() => page.getByTestId('user-credit-score').textContent()).toBe('720');
  });

  it('proves the books balance and finds the adjustment among the user’s transfers', async () => {
    await openSection(page, 'ledger');
    await expect.poll(() => page.getByTestId('trial-total').textContent()).toBe('$0.00');
    await expect.poll(() => page.getByTestId('ledger-invariant').getAttribute('data-ok')).toBe('true');
    await page.getByTestId('transfer-user').fill(session.user.id);
    await page.getByTestId('transfer-search').click();
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: 'adjustment' }).count()).toBe(1);
  });

  it('changes a room’s house edge, pauses and resumes it', async () => {
    await openSection(page, 'rooms');
    const normal = page.locator('tr.ant-table-row', { hasText: 'normal' });
    await page.getByTestId('room-edit-normal').click();
    await page.getByTestId('room-edge').fill('300');
    await page.getByTestId('room-edit-reason').fill('Promotion ends');
    await page.getByTestId('room-edit-confirm').click();
    await expect.poll(() => normal.textContent()).toContain('3.00%');

    await page.getByTestId('room-pause-normal').click();
    await page.getByTestId('room-toggle-dialog-reason').fill('Maintenance');
    await page.getByTestId('room-toggle-dialog-confirm').click();
    await expect.poll(() => normal.textContent()).toContain('Paused');
    await page.getByTestId('room-resume-normal').click();
    await page.getByTestId('room-toggle-dialog-reason').fill('Maintenance done');
    await page.getByTestId('room-toggle-dialog-confirm').click();
    await expect.poll(() => normal.textContent()).toContain('Running');
  });

  it('publishes the next hash chain and shows its terminal hash', async () => {
    await openSection(page, 'rounds');
    await expect.poll(() => rows('chains-table').count()).toBe(1);
    // The rounds table fits the 1280-pixel screen: what an operator scans in columns, the rest (chain,
    // commitment, hash, digits) in the round's detail drawer.
    await page.locator('[data-testid^="round-open-"]').first().click();
    await page.getByTestId('round-details').waitFor();
    expect(await page.getByTestId('round-details').textContent()).toContain('Commitment');
    await closeDrawer(page, 'round-details');
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      tables: Array.from(document.querySelectorAll('.ant-table-content, .ant-table-body')).map(
        (element) => element.scrollWidth - element.clientWidth,
      ),
    }));
    expect(widths.page).toBeLessThanOrEqual(1280);
    expect(widths.tables.every((overflow) => overflow <= 0)).toBe(true);
    await page.getByTestId('chain-create').click();
    await page.getByTestId('chain-create-dialog-reason').fill('Next chain ahead of use');
    await page.getByTestId('chain-create-dialog-confirm').click();
    const published = (await page.getByTestId('chain-published-hash').textContent()) ?? '';
    expect(published).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rows('chains-table').count()).toBe(2);
  });

  it('shows the before and after of a change in the audit log', async () => {
    await openSection(page, 'audit');
    await page.getByTestId('audit-action').fill('room.update');
    await page.getByTestId('audit-search').click();
    await expect.poll(() => page.getByTestId('audit-action-cell').allTextContents()).toEqual(['room.update']);
    await page.locator('tr.ant-table-row .ant-table-row-expand-icon').click();
    // The new edge waits for the next round: the snapshot after the change carries it as pending.
    await expect.poll(() => page.getByTestId('audit-after').textContent()).toMatch(/HouseEdgeBps": 300/);
    expect(await page.getByTestId('audit-before').textContent()).toContain('"houseEdgeBps": 200');
  });

  it('adds an operator whose console has no admin-only controls', async () => {
    await openSection(page, 'operators');
    await page.getByTestId('operator-add').click();
    await page.getByTestId('operator-account').fill('clerk1');
    await page.getByTestId('operator-password').fill('clerk-pass-1');
    await page.getByTestId('operator-add-confirm').click();
    await expect
      .poll(() => page.locator('tr.ant-table-row', { hasText: 'clerk1' }).textContent())
      .toContain('operator');

    await page.getByTestId('console-logout').click();
    await loginConsole(page, { account: 'clerk1', password: 'clerk-pass-1' });
    expect(await page.getByTestId('console-operator').textContent()).toBe('clerk1 (operator)');
    expect(await page.getByTestId('menu-operators').count()).toBe(0);
    await openSection(page, 'rooms');
    await expect.poll(() => page.getByTestId('room-edit-normal').isDisabled()).toBe(true);
    await openSection(page, 'users');
    await page.getByTestId('user-open').first().click();
    await page.getByTestId('user-freeze').waitFor();
    expect(await page.getByTestId('user-adjust').count()).toBe(0);
  });
});
