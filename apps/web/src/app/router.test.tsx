import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../lib/i18n.ts';
import {
  ADD_WALLET_PATH,
  ASSETS_PATH,
  BANK_CARDS_PATH,
  BIND_CARD_FOR_WITHDRAWAL_PATH,
  BIND_CARD_PATH,
  CARD_RECHARGE_PATH,
  CARD_RECHARGE_RETURN_PATH,
  CRYPTO_RECHARGE_PATH,
  EVENTS_PATH,
  GUIDE_PATH,
  HALL_PATH,
  HOME_ALIAS_PATH,
  INVESTMENT_RECORDS_PATH,
  LANGUAGE_BEFORE_LOGIN_PATH,
  LANGUAGE_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
  MY_ACCOUNT_PATH,
  NOTIFICATIONS_PATH,
  OFFLINE_RECHARGE_PATH,
  PASSWORD_MENU_PATH,
  PAYMENT_PASSWORD_PATH,
  RECHARGE_PATH,
  RECHARGE_RECORDS_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  REVENUE_RECORDS_PATH,
  ROOM_PATH,
  ROUND_PLAY_PATH,
  SUPPORT_PATH,
  TRANSACTION_RECORDS_PATH,
  TRENDS_PATH,
  VERIFY_PATH,
  WALLETS_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_RECORDS_PATH,
} from '../lib/paths.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { STORAGE_KEYS, saveSession } from '../lib/storage.ts';
import en from '../locales/en.json';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

const ME = {
  id: '7d0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11',
  account: 'demo',
  nickname: 'Demo Trader',
  realName: null,
  email: null,
  creditScore: 100,
  invitationCode: 'DEMO2024',
  currency: 'USD',
  balance: 123456,
  withdrawable: 100050,
  unprocessedCount: 2,
  hasPaymentPassword: false,
  createdAt: 1_700_000_000,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/v1/auth/captcha') {
        return json(200, {
          captchaId: '0b8f3c1e-1111-4a6b-9c2d-000000000001',
          svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          expiresAt: 4102444800,
        });
      }
      if (url === '/api/v1/me') return json(200, ME);
      if (url === '/api/v1/auth/logout') return json(200, { ok: true });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 3000 });

/** Every route of spec §2 with the English title its page shows. */
const SPEC_ROUTES: Array<[path: string, title: string]> = [
  ['/', en.titles.home],
  [HOME_ALIAS_PATH, en.titles.home],
  [TRENDS_PATH, en.titles.investment],
  [RECHARGE_PATH, en.titles.recharge],
  [SUPPORT_PATH, en.titles.kefu],
  [MY_ACCOUNT_PATH, en.titles.mine],
  [OFFLINE_RECHARGE_PATH, en.titles.rechargeOffline],
  [CRYPTO_RECHARGE_PATH, en.titles.rechargeCurrency],
  [CARD_RECHARGE_RETURN_PATH, en.titles.rechargeTopUp],
  [CARD_RECHARGE_PATH, en.titles.rechargeBankCard],
  [WITHDRAW_PATH, en.titles.withdraw],
  [RECHARGE_RECORDS_PATH, en.titles.rechargeRecords],
  [WITHDRAWAL_RECORDS_PATH, en.titles.withdrawRecords],
  [INVESTMENT_RECORDS_PATH, en.titles.investmentRecords],
  [TRANSACTION_RECORDS_PATH, en.titles.transactionRecords],
  [REVENUE_RECORDS_PATH, en.titles.revenueRecords],
  [WALLETS_PATH, en.titles.wallets],
  [BANK_CARDS_PATH, en.titles.bankCards],
  [ADD_WALLET_PATH, en.titles.addWalletAddress],
  [ASSETS_PATH, en.titles.assets],
  [NOTIFICATIONS_PATH, en.titles.notifications],
  [LOGIN_PASSWORD_PATH, en.titles.loginPassword],
  [PASSWORD_MENU_PATH, en.titles.passwordManagement],
  [PAYMENT_PASSWORD_PATH, en.titles.paymentPassword],
  [BIND_CARD_PATH, en.titles.bindBankCard],
  [BIND_CARD_FOR_WITHDRAWAL_PATH, en.titles.bindBankCard],
  [HALL_PATH, en.titles.tradingHall],
  [EVENTS_PATH, en.titles.events],
  [GUIDE_PATH, en.titles.investmentGuide],
  [ROUND_PLAY_PATH, en.titles.roundPlay],
  // Headed by the room's tier once it has loaded; without a room, by the generic title.
  [ROOM_PATH, en.trading.room.pageTitle],
  [LOGIN_PATH, en.titles.login],
  [REGISTER_PATH, en.titles.register],
  [RESET_PASSWORD_PATH, en.titles.resetPassword],
  [LANGUAGE_PATH, en.titles.language],
  [LANGUAGE_BEFORE_LOGIN_PATH, en.titles.language],
];

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  fakeServer();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en', { persist: false });
});

describe('routes', () => {
  it.each(SPEC_ROUTES)('%s is registered and shows its page titled "%s"', async (path, title) => {
    saveSession('token', { username: 'demo', id: ME.id });
    renderAt(path);
    expect((await heading()).textContent).toBe(title);
    expect(screen.queryByText(en.titles.notFound)).toBeNull();
  });

  it('shows the five tabs in spec order on tab pages, with the current one selected', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    renderAt(SUPPORT_PATH);
    await heading();
    const tabs = screen.getAllByRole('link').filter((link) => link.dataset.testid?.startsWith('tab-'));
    expect(tabs.map((tab) => tab.dataset.testid)).toEqual([
      'tab-home',
      'tab-investment',
      'tab-recharge',
      'tab-kefu',
      'tab-mine',
    ]);
    expect(screen.getByTestId('tab-kefu').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-home').getAttribute('aria-current')).toBeNull();
  });

  it('switches tabs from the tab bar', async () => {
    const router = renderAt(TRENDS_PATH);
    await heading();
    fireEvent.click(screen.getByTestId('tab-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('has our own verification page, public, next to the game pages', async () => {
    const router = renderAt(VERIFY_PATH);
    expect((await heading()).textContent).toBe(en.titles.verify);
    expect(router.state.location.pathname).toBe(VERIFY_PATH);
  });

  it('shows an unknown path as not found', async () => {
    // biome-ignore lint/plugin: a path that is no page of the app, on purpose
    renderAt('/pages/nowhere/index');
    expect((await heading()).textContent).toBe(en.titles.notFound);
  });
});

describe('login guard', () => {
  it('sends a visitor from a page that needs login to login, and back there after login', async () => {
    const router = renderAt(`${ASSETS_PATH}?from=menu`);
    expect((await heading()).textContent).toBe(en.titles.login);
    expect(router.state.location.pathname).toBe(LOGIN_PATH);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `${ASSETS_PATH}?from=menu`,
    );
  });

  it('leaves public pages public', async () => {
    const router = renderAt(HALL_PATH);
    expect((await heading()).textContent).toBe(en.titles.tradingHall);
    expect(router.state.location.pathname).toBe(HALL_PATH);
  });

  it('returns to login when the session ends while a protected page is open', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    const router = renderAt(MY_ACCOUNT_PATH);
    expect(await screen.findByTestId('mine-nickname')).toBeTruthy();
    act(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
  });
});

describe('my account', () => {
  it('shows nickname, credit score, registration code and money in dollars', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    renderAt(MY_ACCOUNT_PATH);
    expect((await screen.findByTestId('mine-nickname')).textContent).toBe('Demo Trader');
    expect(screen.getByTestId('mine-credit-score').textContent).toBe('100');
    expect(screen.getByTestId('mine-invitation-code').textContent).toBe('DEMO2024');
    expect(screen.getByTestId('mine-balance').textContent).toBe('$1,234.56');
    expect(screen.getByTestId('mine-withdrawable').textContent).toBe('$1,000.50');
    expect(screen.getByTestId('mine-unprocessed').textContent).toBe('2');
  });

  it('links every menu entry of spec §2 to its route', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    renderAt(MY_ACCOUNT_PATH);
    await screen.findByTestId('mine-nickname');
    const href = (name: string) =>
      screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href');
    expect(href(en.account.menu.investmentRecords)).toBe(INVESTMENT_RECORDS_PATH);
    expect(href(en.account.menu.rechargeRecords)).toBe(RECHARGE_RECORDS_PATH);
    expect(href(en.account.menu.withdrawRecords)).toBe(WITHDRAWAL_RECORDS_PATH);
    expect(href(en.account.menu.transactionRecords)).toBe(TRANSACTION_RECORDS_PATH);
    expect(href(en.account.menu.revenueRecords)).toBe(REVENUE_RECORDS_PATH);
    expect(href(en.account.menu.bankCards)).toBe(BANK_CARDS_PATH);
    expect(href(en.account.menu.wallets)).toBe(WALLETS_PATH);
    expect(href(en.account.menu.assets)).toBe(ASSETS_PATH);
    expect(href(en.account.menu.passwordManagement)).toBe(PASSWORD_MENU_PATH);
    expect(href(en.account.menu.securityPassword)).toBe(PAYMENT_PASSWORD_PATH);
    expect(href(en.account.menu.notifications)).toBe(NOTIFICATIONS_PATH);
    expect(href(en.account.menu.messages)).toBe(`${NOTIFICATIONS_PATH}?tab=personal`);
    expect(href(en.account.menu.language)).toBe(LANGUAGE_PATH);
    expect(href(en.account.menu.switchUser)).toBe(LOGIN_PATH);
    expect(screen.getByRole('button', { name: new RegExp(en.account.menu.clearCache) })).toBeTruthy();
  });

  it('logs out: revokes the session on the server, clears it locally and goes to login', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    const router = renderAt(MY_ACCOUNT_PATH);
    await screen.findByTestId('mine-nickname');
    fireEvent.click(screen.getByTestId('mine-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
    expect(
      vi
        .mocked(fetch)
        .mock.calls.some(([url, init]) => url === '/api/v1/auth/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.uid)).toBeNull();
  });
});

describe('language', () => {
  it('lists the 8 languages in their own names and switches the app at once, remembering the choice', async () => {
    renderAt(LANGUAGE_PATH);
    await heading();
    const options = screen.getAllByRole('radio');
    expect(options.map((option) => option.closest('label')?.dataset.testid)).toEqual([
      'lang-zh-cn',
      'lang-en',
      'lang-zh-hk',
      'lang-jp',
      'lang-kr',
      'lang-vi',
      'lang-th',
      'lang-ydn',
    ]);
    expect(screen.getByTestId('lang-jp').textContent).toContain('日本語');
    const radio = (code: string) => screen.getByRole('radio', { name: new RegExp(code) }) as HTMLInputElement;
    expect(radio('English').checked).toBe(true);
    fireEvent.click(screen.getByTestId('lang-jp'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('言語'));
    expect(radio('日本語').checked).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('jp');
    expect(document.documentElement.lang).toBe('ja-JP');
  });
});
