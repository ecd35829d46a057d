/** Debian's Chromium driven by playwright-core, at the phone viewport the app is designed for. */
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { watchAnswers } from './openapi-watch.ts';

export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // Every context a journey opens (through the helpers below or on its own) has its answers checked
  // against the server's OpenAPI document; newPage() opens its context through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchAnswers(await newContext(options));
  return browser;
}

export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  return context;
}
