import { describe, expect, it } from 'vitest';
import * as paths from './paths.ts';

/**
 * The route strings are the spec's (product-spec.md §2), which users and old links type as they are:
 * each name must keep its exact string. This file and paths.ts are the only places that spell them.
 */
const SPEC_ROUTES: Record<keyof typeof paths, string> = {
  HOME_PATH: '/',
  HOME_ALIAS_PATH: '/pages/index/index',
  TRENDS_PATH: '/pages/investment/index',
  RECHARGE_PATH: '/pages/recharge/chongzhi1',
  SUPPORT_PATH: '/pages/kefu/index',
  MY_ACCOUNT_PATH: '/pages/mine/index',
  LOGIN_PATH: '/pages/login/index',
  LOGIN_SECTION: '/pages/login/',
  REGISTER_PATH: '/pages/register/index',
  RESET_PASSWORD_PATH: '/pages/reset-password/index',
  LANGUAGE_PATH: '/pages/language/language',
  LANGUAGE_BEFORE_LOGIN_PATH: '/pages/language/languagez',
  SERVER_LINES_PATH: '/pages/server-lines/index',
  APP_UPDATE_PATH: '/pages/app-update/index',
  CHOOSE_LOCATION_PATH: '/pages/choose-location/index',
  OPEN_LOCATION_PATH: '/pages/open-location/index',
  HALL_PATH: '/pages/game/index',
  EVENTS_PATH: '/pages/game/huodong',
  GUIDE_PATH: '/pages/game/huodong1',
  ROOM_PATH: '/pages/game/rule',
  ROUND_PLAY_PATH: '/pages/game/game',
  VERIFY_PATH: '/pages/game/verify',
  OFFLINE_RECHARGE_PATH: '/pages/recharge/index',
  CRYPTO_RECHARGE_PATH: '/pages/recharge/huobi',
  CARD_RECHARGE_PATH: '/pages/recharge/yhkczhi',
  CARD_RECHARGE_RETURN_PATH: '/pages/recharge/chongzhi',
  WITHDRAW_PATH: '/pages/withdraw/index',
  BANK_CARDS_PATH: '/pages/mine/qianbaokh',
  BIND_CARD_PATH: '/pages/add-bank-card/index',
  BIND_CARD_FOR_WITHDRAWAL_PATH: '/pages/add-bank-card/indexs',
  WALLETS_PATH: '/pages/mine/qianbao',
  ADD_WALLET_PATH: '/pages/mine/addqb',
  WITHDRAWALS_OPEN_PATH: '/pages/withdraw/open',
  ASSETS_PATH: '/pages/mine/zichan',
  RECHARGE_RECORDS_PATH: '/pages/recharge-record/index',
  WITHDRAWAL_RECORDS_PATH: '/pages/withdraw-record/index',
  INVESTMENT_RECORDS_PATH: '/pages/investment-record/index',
  TRANSACTION_RECORDS_PATH: '/pages/transaction-record/index',
  REVENUE_RECORDS_PATH: '/pages/revenue-record/index',
  NOTIFICATIONS_PATH: '/pages/setting/set',
  PASSWORD_MENU_PATH: '/pages/login-password-change/mima',
  LOGIN_PASSWORD_PATH: '/pages/login-password-change/index',
  PAYMENT_PASSWORD_PATH: '/pages/fund-password-change/index',
  PLAY_LIMITS_PATH: '/pages/mine/play-limits',
  LIABILITIES_PATH: '/pages/trust/liabilities',
  TEAM_PATH: '/pages/team/index',
};

describe('paths', () => {
  it("names each of the spec's routes with its exact string", () => {
    expect({ ...paths }).toEqual(SPEC_ROUTES);
  });

  it('gives every page its own string', () => {
    const pages = Object.values(paths).filter((path) => path !== paths.LOGIN_SECTION);
    expect(new Set(pages).size).toBe(pages.length);
  });
});
