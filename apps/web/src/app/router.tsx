/**
 * Every route of spec §2, hash-based, each page lazily loaded. Tab pages sit in the tab layout; pages that
 * need a login sit under the RequireAuth guard (My account, customer service, top-up, round play, and every money, record and
 * password page); login, register, password reset, the language pages, the trading hall, rooms, rules,
 * verification and the market pages do not.
 */
import { createHashRouter, type LazyRouteFunction, matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle, TitleKey } from '../lib/route-handle.ts';
import { RequireAuth } from './require-auth.tsx';
import { lazyPage } from './route-loading/lazy-page.tsx';
import { RouteError } from './route-loading/route-error.tsx';
import { DelayedLoadingView } from './route-loading/route-loading-indicator.tsx';
import { RootLayout } from './shell/root-layout.tsx';
import { TabLayout } from './shell/tab-layout.tsx';

const pages = {
  home: lazyPage(() => import('../features/market/pages/home-page.tsx'), { firstScreen: true }),
  investment: lazyPage(() => import('../features/market/pages/trends-page.tsx')),
  topUp: lazyPage(() => import('../features/funding/pages/top-up-page.tsx')),
  kefu: lazyPage(() => import('../features/support/pages/support-page.tsx')),
  appUpdate: lazyPage(() => import('../features/app-update/pages/app-update-page.tsx')),
  mine: lazyPage(() => import('../features/account/pages/mine-page.tsx')),
  passwordMenu: lazyPage(() => import('../features/account/pages/password-menu-page.tsx')),
  changePassword: lazyPage(() => import('../features/account/pages/change-password-page.tsx')),
  paymentPassword: lazyPage(() => import('../features/account/pages/payment-password-page.tsx')),
  login: lazyPage(() => import('../features/auth/pages/login-page.tsx'), { firstScreen: true }),
  register: lazyPage(() => import('../features/auth/pages/register-page.tsx')),
  resetPassword: lazyPage(() => import('../features/auth/pages/reset-password-page.tsx')),
  language: lazyPage(() => import('../features/language/pages/language-page.tsx')),
  offlineDeposit: lazyPage(() => import('../features/funding/pages/offline-deposit-page.tsx')),
  cryptoDeposit: lazyPage(() => import('../features/funding/pages/crypto-deposit-page.tsx')),
  cardDeposit: lazyPage(() => import('../features/funding/pages/card-deposit-page.tsx')),
  cardReturn: lazyPage(() => import('../features/funding/pages/card-return-page.tsx')),
  withdraw: lazyPage(() => import('../features/funding/pages/withdraw-page.tsx')),
  rechargeRecords: lazyPage(() => import('../features/funding/pages/recharge-records-page.tsx')),
  withdrawRecords: lazyPage(() => import('../features/funding/pages/withdraw-records-page.tsx')),
  transactionRecords: lazyPage(() => import('../features/funding/pages/transaction-records-page.tsx')),
  wallets: lazyPage(() => import('../features/funding/pages/wallets-page.tsx')),
  addWallet: lazyPage(() => import('../features/funding/pages/add-wallet-page.tsx')),
  bankCards: lazyPage(() => import('../features/funding/pages/bank-cards-page.tsx')),
  bindCard: lazyPage(() => import('../features/funding/pages/bind-card-page.tsx')),
  assets: lazyPage(() => import('../features/funding/pages/assets-page.tsx')),
  hall: lazyPage(() => import('../features/trading/pages/hall-page.tsx')),
  events: lazyPage(() => import('../features/trading/pages/events-page.tsx')),
  guide: lazyPage(() => import('../features/trading/pages/guide-page.tsx')),
  room: lazyPage(() => import('../features/trading/pages/room-page.tsx'), { firstScreen: true }),
  roundPlay: lazyPage(() => import('../features/trading/pages/round-play-page.tsx')),
  verify: lazyPage(() => import('../features/trading/pages/verify-page.tsx')),
  investmentRecords: lazyPage(() => import('../features/trading/pages/investment-records-page.tsx')),
  revenueRecords: lazyPage(() => import('../features/trading/pages/revenue-records-page.tsx')),
  notifications: lazyPage(() => import('../features/notifications/pages/notifications-page.tsx')),
  chooseLocation: lazyPage(() => import('../features/location/pages/choose-location-page.tsx')),
  openLocation: lazyPage(() => import('../features/location/pages/open-location-page.tsx')),
  serverLines: lazyPage(() => import('../features/server-lines/pages/server-lines-page.tsx')),
  notFound: lazyPage(() => import('../features/placeholders/pages/not-found-page.tsx')),
};

function page(path: string, titleKey: TitleKey, lazy: LazyRouteFunction<RouteObject>): RouteObject {
  const handle: RouteHandle = { titleKey };
  return { path, handle, lazy };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: DelayedLoadingView,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: TabLayout,
        children: [
          page('/', 'titles.home', pages.home),
          page('/pages/index/index', 'titles.home', pages.home),
          page('/pages/investment/index', 'titles.investment', pages.investment),
          {
            Component: RequireAuth,
            children: [
              page('/pages/kefu/index', 'titles.kefu', pages.kefu),
              page('/pages/recharge/chongzhi1', 'titles.recharge', pages.topUp),
              page('/pages/mine/index', 'titles.mine', pages.mine),
            ],
          },
        ],
      },
      page('/pages/login/index', 'titles.login', pages.login),
      page('/pages/register/index', 'titles.register', pages.register),
      page('/pages/reset-password/index', 'titles.resetPassword', pages.resetPassword),
      page('/pages/language/language', 'titles.language', pages.language),
      page('/pages/language/languagez', 'titles.language', pages.language),
      page('/pages/game/index', 'titles.tradingHall', pages.hall),
      page('/pages/game/huodong', 'titles.events', pages.events),
      page('/pages/game/huodong1', 'titles.investmentGuide', pages.guide),
      // The page is headed by its room's tier; the document title stays generic across tiers.
      page('/pages/game/rule', 'titles.tradingRoom', pages.room),
      // Ours: the provably-fair verification of a room's rounds, in the browser (DESIGN §6).
      page('/pages/game/verify', 'titles.verify', pages.verify),
      // The spec's "app-update page" and built-in location pages have no path of their own; these are ours.
      page('/pages/app-update/index', 'titles.appUpdate', pages.appUpdate),
      page('/pages/choose-location/index', 'titles.chooseLocation', pages.chooseLocation),
      page('/pages/open-location/index', 'titles.openLocation', pages.openLocation),
      // The spec's "manual server line addition"; reachable from login and My account, so outside the guard.
      page('/pages/server-lines/index', 'titles.serverLines', pages.serverLines),
      {
        Component: RequireAuth,
        children: [
          page('/pages/login-password-change/index', 'titles.loginPassword', pages.changePassword),
          page('/pages/login-password-change/mima', 'titles.passwordManagement', pages.passwordMenu),
          page('/pages/fund-password-change/index', 'titles.paymentPassword', pages.paymentPassword),
          page('/pages/recharge/index', 'titles.rechargeOffline', pages.offlineDeposit),
          page('/pages/recharge/huobi', 'titles.rechargeCurrency', pages.cryptoDeposit),
          page('/pages/recharge/chongzhi', 'titles.rechargeTopUp', pages.cardReturn),
          page('/pages/recharge/yhkczhi', 'titles.rechargeBankCard', pages.cardDeposit),
          page('/pages/withdraw/index', 'titles.withdraw', pages.withdraw),
          page('/pages/recharge-record/index', 'titles.rechargeRecords', pages.rechargeRecords),
          page('/pages/withdraw-record/index', 'titles.withdrawRecords', pages.withdrawRecords),
          page('/pages/investment-record/index', 'titles.investmentRecords', pages.investmentRecords),
          page('/pages/transaction-record/index', 'titles.transactionRecords', pages.transactionRecords),
          page('/pages/revenue-record/index', 'titles.revenueRecords', pages.revenueRecords),
          page('/pages/mine/qianbao', 'titles.wallets', pages.wallets),
          page('/pages/mine/qianbaokh', 'titles.bankCards', pages.bankCards),
          page('/pages/mine/addqb', 'titles.addWalletAddress', pages.addWallet),
          page('/pages/mine/zichan', 'titles.assets', pages.assets),
          page('/pages/setting/set', 'titles.notifications', pages.notifications),
          page('/pages/add-bank-card/index', 'titles.bindBankCard', pages.bindCard),
          page('/pages/add-bank-card/indexs', 'titles.bindBankCard', pages.bindCard),
          page('/pages/game/game', 'titles.roundPlay', pages.roundPlay),
        ],
      },
      page('*', 'titles.notFound', pages.notFound),
    ],
  },
];

/**
 * Starts loading the page (and, through Vite's preload, every chunk it imports) of the route in `hash`
 * while the app is still starting (language, router), instead of after: the first screen's chunks then
 * arrive side by side rather than one after the other. The router's own lazy() reuses the loaded module.
 */
export function preloadRoute(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  for (const match of matchRoutes(routes, path) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') {
      lazy().then(
        () => undefined,
        // The router's own attempt reports a failure; a preload has nothing to add.
        () => undefined,
      );
    }
  }
}

export function createAppRouter() {
  return createHashRouter(routes);
}
