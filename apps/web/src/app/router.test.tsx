import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../lib/i18n.ts';
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
  ['/pages/index/index', en.titles.home],
  ['/pages/investment/index', en.titles.investment],
  ['/pages/recharge/chongzhi1', en.titles.recharge],
  ['/pages/kefu/index', en.titles.kefu],
  ['/pages/mine/index', en.titles.mine],
  ['/pages/recharge/index', en.titles.rechargeOffline],
  ['/pages/recharge/huobi', en.titles.rechargeCurrency],
  ['/pages/recharge/chongzhi', en.titles.rechargeTopUp],
  ['/pages/recharge/yhkczhi', en.titles.rechargeBankCard],
  ['/pages/withdraw/index', en.titles.withdraw],
  ['/pages/recharge-record/index', en.titles.rechargeRecords],
  ['/pages/withdraw-record/index', en.titles.withdrawRecords],
  ['/pages/investment-record/index', en.titles.investmentRecords],
  ['/pages/transaction-record/index', en.titles.transactionRecords],
  ['/pages/revenue-record/index', en.titles.revenueRecords],
  ['/pages/mine/qianbao', en.titles.wallets],
  ['/pages/mine/qianbaokh', en.titles.bankCards],
  ['/pages/mine/addqb', en.titles.addWalletAddress],
  ['/pages/mine/zichan', en.titles.assets],
  ['/pages/setting/set', en.titles.notifications],
  ['/pages/login-password-change/index', en.titles.loginPassword],
  ['/pages/login-password-change/mima', en.titles.passwordManagement],
  ['/pages/fund-password-change/index', en.titles.paymentPassword],
  ['/pages/add-bank-card/index', en.titles.bindBankCard],
  ['/pages/add-bank-card/indexs', en.titles.bindBankCard],
  ['/pages/game/index', en.titles.tradingHall],
  ['/pages/game/huodong', en.titles.events],
  ['/pages/game/huodong1', en.titles.investmentGuide],
  ['/pages/game/game', en.titles.roundPlay],
  // Headed by the room's tier once it has loaded; without a room, by the generic title.
  ['/pages/game/rule', en.trading.room.pageTitle],
  ['/pages/login/index', en.titles.login],
  ['/pages/register/index', en.titles.register],
  ['/pages/reset-password/index', en.titles.resetPassword],
  ['/pages/language/language', en.titles.language],
  ['/pages/language/languagez', en.titles.language],
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
    renderAt('/pages/kefu/index');
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
    const router = renderAt('/pages/investment/index');
    await heading();
    fireEvent.click(screen.getByTestId('tab-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('has our own verification page, public, next to the game pages', async () => {
    const router = renderAt('/pages/game/verify');
    expect((await heading()).textContent).toBe(en.titles.verify);
    expect(router.state.location.pathname).toBe('/pages/game/verify');
  });

  it('shows an unknown path as not found', async () => {
    renderAt('/pages/nowhere/index');
    expect((await heading()).textContent).toBe(en.titles.notFound);
  });
});

describe('login guard', () => {
  it('sends a visitor from a page that needs login to login, and back there after login', async () => {
    const router = renderAt('/pages/mine/zichan?from=menu');
    expect((await heading()).textContent).toBe(en.titles.login);
    expect(router.state.location.pathname).toBe('/pages/login/index');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/pages/mine/zichan?from=menu',
    );
  });

  it('leaves public pages public', async () => {
    const router = renderAt('/pages/game/index');
    expect((await heading()).textContent).toBe(en.titles.tradingHall);
    expect(router.state.location.pathname).toBe('/pages/game/index');
  });

  it('returns to login when the session ends while a protected page is open', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    const router = renderAt('/pages/mine/index');
    expect(await screen.findByTestId('mine-nickname')).toBeTruthy();
    act(() => {
      localStorage.removeItem(STORAGE_KEYS.token);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/index'));
  });
});

describe('my account', () => {
  it('shows nickname, credit score, registration code and money in dollars', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    renderAt('/pages/mine/index');
    expect((await screen.findByTestId('mine-nickname')).textContent).toBe('Demo Trader');
    expect(screen.getByTestId('mine-credit-score').textContent).toBe('100');
    expect(screen.getByTestId('mine-invitation-code').textContent).toBe('DEMO2024');
    expect(screen.getByTestId('mine-balance').textContent).toBe('$1,234.56');
    expect(screen.getByTestId('mine-withdrawable').textContent).toBe('$1,000.50');
    expect(screen.getByTestId('mine-unprocessed').textContent).toBe('2');
  });

  it('links every menu entry of spec §2 to its route', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    renderAt('/pages/mine/index');
    await screen.findByTestId('mine-nickname');
    const href = (name: string) =>
      screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href');
    expect(href(en.account.menu.investmentRecords)).toBe('/pages/investment-record/index');
    expect(href(en.account.menu.rechargeRecords)).toBe('/pages/recharge-record/index');
    expect(href(en.account.menu.withdrawRecords)).toBe('/pages/withdraw-record/index');
    expect(href(en.account.menu.transactionRecords)).toBe('/pages/transaction-record/index');
    expect(href(en.account.menu.revenueRecords)).toBe('/pages/revenue-record/index');
    expect(href(en.account.menu.bankCards)).toBe('/pages/mine/qianbaokh');
    expect(href(en.account.menu.wallets)).toBe('/pages/mine/qianbao');
    expect(href(en.account.menu.assets)).toBe('/pages/mine/zichan');
    expect(href(en.account.menu.passwordManagement)).toBe('/pages/login-password-change/mima');
    expect(href(en.account.menu.securityPassword)).toBe('/pages/fund-password-change/index');
    expect(href(en.account.menu.notifications)).toBe('/pages/setting/set');
    expect(href(en.account.menu.messages)).toBe('/pages/setting/set?tab=personal');
    expect(href(en.account.menu.language)).toBe('/pages/language/language');
    expect(href(en.account.menu.switchUser)).toBe('/pages/login/index');
    expect(screen.getByRole('button', { name: new RegExp(en.account.menu.clearCache) })).toBeTruthy();
  });

  it('logs out: revokes the session on the server, clears it locally and goes to login', async () => {
    saveSession('token', { username: 'demo', id: ME.id });
    const router = renderAt('/pages/mine/index');
    await screen.findByTestId('mine-nickname');
    fireEvent.click(screen.getByTestId('mine-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/index'));
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
    renderAt('/pages/language/language');
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
