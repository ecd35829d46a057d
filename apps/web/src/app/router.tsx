/**
 * Every route of spec §2, hash-based, each page lazily loaded. Tab pages sit in the tab layout; pages that
 * need a login sit under the RequireAuth guard (My account, customer service, recharge, round play, and every money, record and
 * password page); login, register, password reset, the language pages, the trading hall, rooms, rules,
 * verification and the market pages do not.
 */
import { createHashRouter, type LazyRouteFunction, matchRoutes, type RouteObject } from 'react-router';
import {
  ADD_WALLET_PATH,
  APP_UPDATE_PATH,
  ASSETS_PATH,
  BANK_CARDS_PATH,
  BIND_CARD_FOR_WITHDRAWAL_PATH,
  BIND_CARD_PATH,
  CARD_RECHARGE_PATH,
  CARD_RECHARGE_RETURN_PATH,
  CHOOSE_LOCATION_PATH,
  CRYPTO_RECHARGE_PATH,
  EVENTS_PATH,
  GUIDE_PATH,
  HALL_PATH,
  HOME_ALIAS_PATH,
  HOME_PATH,
  INVESTMENT_RECORDS_PATH,
  LANGUAGE_BEFORE_LOGIN_PATH,
  LANGUAGE_PATH,
  LIABILITIES_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
  MY_ACCOUNT_PATH,
  NOTIFICATIONS_PATH,
  OFFLINE_RECHARGE_PATH,
  OPEN_LOCATION_PATH,
  PASSWORD_MENU_PATH,
  PAYMENT_PASSWORD_PATH,
  PLAY_LIMITS_PATH,
  RECHARGE_PATH,
  RECHARGE_RECORDS_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  REVENUE_RECORDS_PATH,
  ROOM_PATH,
  ROUND_PLAY_PATH,
  SERVER_LINES_PATH,
  SUPPORT_PATH,
  TEAM_PATH,
  TRANSACTION_RECORDS_PATH,
  TRENDS_PATH,
  VERIFY_PATH,
  WALLETS_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_RECORDS_PATH,
  WITHDRAWALS_OPEN_PATH,
} from '../lib/paths.ts';
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
  recharge: lazyPage(() => import('../features/money/pages/recharge-page.tsx')),
  kefu: lazyPage(() => import('../features/support/pages/support-page.tsx')),
  appUpdate: lazyPage(() => import('../features/app-update/pages/app-update-page.tsx')),
  mine: lazyPage(() => import('../features/account/pages/mine-page.tsx')),
  passwordMenu: lazyPage(() => import('../features/account/pages/password-menu-page.tsx')),
  changePassword: lazyPage(() => import('../features/account/pages/change-password-page.tsx')),
  paymentPassword: lazyPage(() => import('../features/account/pages/payment-password-page.tsx')),
  team: lazyPage(() => import('../features/referrals/pages/team-page.tsx')),
  login: lazyPage(() => import('../features/auth/pages/login-page.tsx'), { firstScreen: true }),
  register: lazyPage(() => import('../features/auth/pages/register-page.tsx')),
  resetPassword: lazyPage(() => import('../features/auth/pages/reset-password-page.tsx')),
  language: lazyPage(() => import('../features/language/pages/language-page.tsx')),
  offlineRecharge: lazyPage(() => import('../features/money/pages/offline-recharge-page.tsx')),
  cryptoRecharge: lazyPage(() => import('../features/money/pages/crypto-recharge-page.tsx')),
  cardRecharge: lazyPage(() => import('../features/money/pages/card-recharge-page.tsx')),
  cardRechargeReturn: lazyPage(() => import('../features/money/pages/card-recharge-return-page.tsx')),
  withdraw: lazyPage(() => import('../features/money/pages/withdraw-page.tsx')),
  rechargeRecords: lazyPage(() => import('../features/money/pages/recharge-records-page.tsx')),
  withdrawalRecords: lazyPage(() => import('../features/money/pages/withdrawal-records-page.tsx')),
  transactionRecords: lazyPage(() => import('../features/money/pages/transaction-records-page.tsx')),
  wallets: lazyPage(() => import('../features/money/pages/wallets-page.tsx')),
  addWallet: lazyPage(() => import('../features/money/pages/add-wallet-page.tsx')),
  bankCards: lazyPage(() => import('../features/money/pages/bank-cards-page.tsx')),
  bindCard: lazyPage(() => import('../features/money/pages/bind-card-page.tsx')),
  assets: lazyPage(() => import('../features/money/pages/assets-page.tsx')),
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
  playLimits: lazyPage(() => import('../features/play-limits/pages/play-limits-page.tsx')),
  withdrawalsOpen: lazyPage(() => import('../features/withdrawals-open/pages/withdrawals-open-page.tsx')),
  liabilities: lazyPage(() => import('../features/liabilities/pages/liabilities-page.tsx')),
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
          page(HOME_PATH, 'titles.home', pages.home),
          page(HOME_ALIAS_PATH, 'titles.home', pages.home),
          page(TRENDS_PATH, 'titles.investment', pages.investment),
          {
            Component: RequireAuth,
            children: [
              page(SUPPORT_PATH, 'titles.kefu', pages.kefu),
              page(RECHARGE_PATH, 'titles.recharge', pages.recharge),
              page(MY_ACCOUNT_PATH, 'titles.mine', pages.mine),
            ],
          },
        ],
      },
      page(LOGIN_PATH, 'titles.login', pages.login),
      page(REGISTER_PATH, 'titles.register', pages.register),
      page(RESET_PASSWORD_PATH, 'titles.resetPassword', pages.resetPassword),
      page(LANGUAGE_PATH, 'titles.language', pages.language),
      page(LANGUAGE_BEFORE_LOGIN_PATH, 'titles.language', pages.language),
      page(HALL_PATH, 'titles.tradingHall', pages.hall),
      page(EVENTS_PATH, 'titles.events', pages.events),
      page(GUIDE_PATH, 'titles.investmentGuide', pages.guide),
      // The page is headed by its room's tier; the document title stays generic across tiers.
      page(ROOM_PATH, 'titles.tradingRoom', pages.room),
      // Ours: the provably-fair verification of a room's rounds, in the browser (DESIGN §6).
      page(VERIFY_PATH, 'titles.verify', pages.verify),
      // The spec's "app-update page" and built-in location pages have no path of their own; these are ours.
      page(APP_UPDATE_PATH, 'titles.appUpdate', pages.appUpdate),
      page(CHOOSE_LOCATION_PATH, 'titles.chooseLocation', pages.chooseLocation),
      page(OPEN_LOCATION_PATH, 'titles.openLocation', pages.openLocation),
      // The spec's "manual server line addition"; reachable from login and My account, so outside the guard.
      page(SERVER_LINES_PATH, 'titles.serverLines', pages.serverLines),
      // Ours: the withdrawal queue's figures, public like the verification page.
      page(WITHDRAWALS_OPEN_PATH, 'withdrawalStats.title', pages.withdrawalsOpen),
      {
        Component: RequireAuth,
        children: [
          page(LOGIN_PASSWORD_PATH, 'titles.loginPassword', pages.changePassword),
          page(PASSWORD_MENU_PATH, 'titles.passwordManagement', pages.passwordMenu),
          page(PAYMENT_PASSWORD_PATH, 'titles.paymentPassword', pages.paymentPassword),
          page(TEAM_PATH, 'titles.team', pages.team),
          page(OFFLINE_RECHARGE_PATH, 'titles.rechargeOffline', pages.offlineRecharge),
          page(CRYPTO_RECHARGE_PATH, 'titles.rechargeCurrency', pages.cryptoRecharge),
          page(CARD_RECHARGE_RETURN_PATH, 'titles.rechargeTopUp', pages.cardRechargeReturn),
          page(CARD_RECHARGE_PATH, 'titles.rechargeBankCard', pages.cardRecharge),
          page(WITHDRAW_PATH, 'titles.withdraw', pages.withdraw),
          page(RECHARGE_RECORDS_PATH, 'titles.rechargeRecords', pages.rechargeRecords),
          page(WITHDRAWAL_RECORDS_PATH, 'titles.withdrawRecords', pages.withdrawalRecords),
          page(INVESTMENT_RECORDS_PATH, 'titles.investmentRecords', pages.investmentRecords),
          page(TRANSACTION_RECORDS_PATH, 'titles.transactionRecords', pages.transactionRecords),
          page(REVENUE_RECORDS_PATH, 'titles.revenueRecords', pages.revenueRecords),
          page(WALLETS_PATH, 'titles.wallets', pages.wallets),
          page(BANK_CARDS_PATH, 'titles.bankCards', pages.bankCards),
          page(ADD_WALLET_PATH, 'titles.addWalletAddress', pages.addWallet),
          page(ASSETS_PATH, 'titles.assets', pages.assets),
          page(NOTIFICATIONS_PATH, 'titles.notifications', pages.notifications),
          page(BIND_CARD_PATH, 'titles.bindBankCard', pages.bindCard),
          page(BIND_CARD_FOR_WITHDRAWAL_PATH, 'titles.bindBankCard', pages.bindCard),
          page(ROUND_PLAY_PATH, 'titles.roundPlay', pages.roundPlay),
          page(PLAY_LIMITS_PATH, 'playLimits.title', pages.playLimits),
          page(LIABILITIES_PATH, 'liabilities.title', pages.liabilities),
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
