/**
 * The scene of the journeys that watch an operator's action reach a user: the real server, a new user
 * signed in on a phone-sized browser page, and the console at 1280x800 logged in as the demo admin.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type ApiSession, loginUser, registerUser } from './api.ts';
import { launchBrowser } from './browser.ts';
import { consoleContext, loginConsole, signedInUserContext } from './console.ts';
import { type RunningServer, startServer } from './server.ts';

export interface ConsoleBesidePhone {
  server: RunningServer;
  session: ApiSession;
  /** The user's page (390x844), signed in but not yet on any screen. */
  phone: Page;
  /** The operator's page, logged in to the console. */
  console: Page;
  /** Closes both browser contexts, the browser and the server. */
  close: () => Promise<void>;
}

export async function openConsoleBesidePhone(options: {
  account: string;
  password: string;
  env?: Record<string, string>;
}): Promise<ConsoleBesidePhone> {
  const server = await startServer(options.env);
  let browser: Browser | undefined;
  let userContext: BrowserContext | undefined;
  let operatorContext: BrowserContext | undefined;
  const close = async () => {
    await userContext?.close();
    await operatorContext?.close();
    await browser?.close();
    await server.stop();
  };
  try {
    await registerUser(server.url, options.account, options.password);
    const session = await loginUser(server.url, options.account, options.password);
    browser = await launchBrowser();
    userContext = await signedInUserContext(browser, server.url, session);
    const phone = await userContext.newPage();
    operatorContext = await consoleContext(browser, server.url);
    const console = await operatorContext.newPage();
    await loginConsole(console);
    return { server, session, phone, console, close };
  } catch (error) {
    await close();
    throw error;
  }
}
