/**
 * The proof of liabilities at 390x844: a user with a balance of $123.45 opens Proof of liabilities from My
 * account, sees the latest snapshot (its signature checked in the browser) and "included" with their
 * balance; "This does not match" opens customer service with a message carrying the proof's essentials.
 * Then the page is served a tampered proof (the leaf's balance raised, then a sum on the path changed),
 * and the check in the page fails, naming why.
 *
 * The snapshot is taken by the admin through the console's API once the user is funded (the schedule is
 * off: LIABILITIES_SNAPSHOT_MINUTES=0), so it is snapshot #1 and holds this user's leaf.
 */

import { liabilitiesEndpoints } from '@tradehall/contracts/endpoints';
import type { LiabilitiesProof } from '@tradehall/domain/liabilities';
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
import { launchBrowser } from './support/browser.ts';
import { enrolTwoFactor, signedInUserContext } from './support/console.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let session: ApiSession;
let snapshot: { id: string; root: string; sequence: number };
const account = `liab_${Date.now().toString(36)}`;
const PROOF_URL = '**/api/v1/liabilities/snapshots/*/proof';

beforeAll(async () => {
  server = await startServer({ LIABILITIES_SNAPSHOT_MINUTES: '0' });
  await registerUser(server.url, account, 'secret123');
  session = await loginUser(server.url, account, 'secret123');
  const operator = await loginOperator(server.url);
  await enrolTwoFactor(server.url, operator);
  await fundUser(server.url, session.token, operator, 123_45);
  snapshot = await apiClient(server.url, operator).call(liabilitiesEndpoints.adminTake);
  browser = await launchBrowser();
  context = await signedInUserContext(browser, server.url, session);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The page's own check of the user's entry, once it has run. */
async function myCheck(page: Page): Promise<{ included: string | null; text: string }> {
  const mine = page.getByTestId('liabilities-mine');
  await mine.waitFor();
  return { included: await mine.getAttribute('data-included'), text: (await mine.textContent()) ?? '' };
}

/** Opens the page with every proof it fetches passed through `tamper` first. */
async function openWithTamperedProof(tamper: (proof: LiabilitiesProof) => void): Promise<Page> {
  const page = await context.newPage();
  await page.route(PROOF_URL, async (route) => {
    const response = await route.fetch();
    const proof = (await response.json()) as LiabilitiesProof;
    tamper(proof);
    await route.fulfill({ response, json: proof });
  });
  await page.goto('/#/pages/trust/liabilities');
  return page;
}

describe('proof of liabilities at 390x844', () => {
  it('shows the latest snapshot and the user included with their balance, from My account', async () => {
    expect(snapshot.sequence).toBe(1);
    const page = await context.newPage();
    await page.goto('/#/pages/mine/index');
    await page.getByTestId('mine-liabilities').click();
    await page.waitForURL(/#\/pages\/trust\/liabilities/);
    const latest = page.getByTestId('liabilities-latest');
    await latest.waitFor();
    expect(await latest.textContent()).toContain(snapshot.root);
    expect(await page.getByTestId('liabilities-signature').first().getAttribute('data-ok')).toBe('true');
    await expect.poll(async () => (await myCheck(page)).included).toBe('true');
    expect((await myCheck(page)).text).toContain('$123.45 — included');
    // Nothing runs off the phone's width (the root and key are long hex strings).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId('liabilities-mismatch').click();
    await page.waitForURL(/#\/pages\/kefu\/index/);
    const message = page.getByTestId('support-message-text').filter({ hasText: 'Proof of liabilities' });
    await message.first().waitFor();
    const text = (await message.first().textContent()) ?? '';
    expect(text).toContain(`Snapshot #1 (${snapshot.id})`);
    expect(text).toContain('shows my balance as $123.45');
    expect(text).toContain('my check in the app: included');
    expect(text).toContain(`Root ${snapshot.root}`);
    expect(text).toMatch(/my salt [0-9a-f]{64}/);
    await page.close();
  });

  it('fails the check when the proof it is served has a raised balance', async () => {
    const page = await openWithTamperedProof((proof) => {
      proof.leaf.amount += 100_00;
    });
    await expect.poll(async () => (await myCheck(page)).included).toBe('false');
    const { text } = await myCheck(page);
    expect(text).toContain('could not be verified');
    expect(text).toContain('Your entry does not lead to the published root.');
    expect(text).not.toContain('— included');
    await page.close();
  });

  it('fails the check when a sum on the path was changed', async () => {
    const page = await openWithTamperedProof((proof) => {
      const step = proof.path[0];
      if (step === undefined) throw new Error('the proof has no path: the snapshot has one user only');
      step.sum += 1;
    });
    await expect.poll(async () => (await myCheck(page)).included).toBe('false');
    expect((await myCheck(page)).text).toContain('Your entry does not lead to the published root.');
    await page.close();
  });
});
