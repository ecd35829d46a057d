/**
 * Trading, end to end at 390x844 with short rounds (8 s, sealed for the last 3, drawing 1 s): a funded
 * user enters the normal room, takes a position while the round is open, watches it seal, draw and
 * settle, sees the balance paid exactly by the frozen odds, and verifies the round in the browser.
 */
import type { PositionView } from '@tradehall/contracts';
import {
  accountEndpoints,
  adminDepositEndpoints,
  depositEndpoints,
  positionEndpoints,
  roomEndpoints,
} from '@tradehall/contracts/endpoints';
import { payoutFor } from '@tradehall/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiClient, loginOperator, loginUser, registerUser } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { enrolTwoFactor, signedInUserContext } from './support/console.ts';
import { awaitOpenRound, enterNormalRoom } from './support/round-play.ts';
import { type RunningServer, startServer } from './support/server.ts';

type Position = PositionView;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
const account = `trader_${Date.now().toString(36)}`;

const balance = async () => (await apiClient(server.url, session.token).call(accountEndpoints.me)).balance;

beforeAll(async () => {
  server = await startServer({
    ROUND_SECONDS_OVERRIDE: '8',
    SEALED_SECONDS_OVERRIDE: '3',
    DRAWING_SECONDS_OVERRIDE: '1',
  });
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  const deposit = await apiClient(server.url, session.token).call(depositEndpoints.create, {
    body: {
      method: 'offline',
      amount: 10_000,
      depositorName: 'Trader',
      idempotencyKey: `e2e-trading-${Date.now()}`,
    },
  });
  const operator = await loginOperator(server.url);
  // Approving money takes an operator with two-factor on.
  await enrolTwoFactor(server.url, operator);
  await apiClient(server.url, operator).call(adminDepositEndpoints.approve, { params: { id: deposit.id } });
  browser = await launchBrowser();
  context = await signedInUserContext(browser, server.url, session);
  page = await context.newPage();
  // A decided deposit or a settled round pops up the Reminder modal (spec §7): confirm it when it is in the way.
  await page.addLocatorHandler(page.getByTestId('reminder-content'), async () => {
    await page.getByRole('button', { name: 'Confirm' }).click();
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('a round at 390x844', () => {
  let position: Position;

  it('enters the normal room from the trading hall', async () => {
    await enterNormalRoom(page);
  });

  it('takes a position while the round is open', async () => {
    await awaitOpenRound(page);
    const before = await balance();
    await page.getByTestId('bet-both-long').click();
    await page.getByTestId('bet-amount').fill('10');
    await page.getByTestId('bet-submit').click();
    await expect.poll(() => page.getByTestId('my-position').count(), { timeout: 10_000 }).toBe(1);
    const positions = await apiClient(server.url, session.token).call(positionEndpoints.list);
    expect(positions.items).toHaveLength(1);
    position = positions.items[0] as Position;
    expect(position).toMatchObject({ amount: 1000, multiplier: 196, status: 'open' });
    expect(await balance()).toBe(before - 1000);
  });

  it('shows the seal, then settles and pays exactly by the frozen odds', async () => {
    await expect
      .poll(() => page.getByTestId('round-status').first().getAttribute('data-status'), {
        timeout: 15_000,
        interval: 100,
      })
      .toMatch(/sealed|drawing|settled/);
    await expect
      .poll(() => page.getByTestId('my-position').first().getAttribute('data-status'), {
        timeout: 20_000,
        interval: 250,
      })
      .toMatch(/won|lost/);
    const settled = (await apiClient(server.url, session.token).call(positionEndpoints.list)).items[0];
    const expectedPayout = settled?.status === 'won' ? payoutFor(1000, 196) : 0;
    expect(settled?.payout ?? 0).toBe(expectedPayout);
    expect(await balance()).toBe(10_000 - 1000 + expectedPayout);
    await page.goto('/#/pages/mine/index');
    await expect
      .poll(() => page.getByTestId('mine-balance').textContent())
      .toBe(`$${((10_000 - 1000 + expectedPayout) / 100).toFixed(2)}`);
  });

  it('verifies the round in the browser', async () => {
    const round = await apiClient(server.url, session.token).call(roomEndpoints.round, {
      params: { id: position.roundId },
    });
    await page.goto(`/#/pages/game/verify?room=${round.round.roomId}`);
    await page.getByTestId(`verify-round-${position.issue}`).click();
    await expect
      .poll(() => page.getByTestId(`verify-result-${position.issue}`).getAttribute('data-ok'))
      .toBe('true');
  });
});
