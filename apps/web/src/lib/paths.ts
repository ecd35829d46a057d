/**
 * Every page of the app by what it is. The route strings are the spec's own (product-spec.md §2, kept
 * from the app it replaces, so bookmarks and links keep working); their pinyin says little
 * (`qianbaokh` is the bank cards, `chongzhi` and `chongzhi1` are two different pages), so code names
 * a page only through these constants. `npm run lint:paths` refuses a '/pages/…' literal anywhere else.
 */

// The five tabs.
export const HOME_PATH = '/';
/** The spec's second address of Home. */
export const HOME_ALIAS_PATH = '/pages/index/index';
/** The Trend tab: the market trends of every room. */
export const TRENDS_PATH = '/pages/investment/index';
/** The Top-up tab: the balance and the ways to recharge. */
export const RECHARGE_PATH = '/pages/recharge/chongzhi1';
/** The customer-service tab. */
export const SUPPORT_PATH = '/pages/kefu/index';
export const MY_ACCOUNT_PATH = '/pages/mine/index';

// Signing in, and what is open before it.
export const LOGIN_PATH = '/pages/login/index';
/** Every page of the login section: a redirect after signing in never goes back there. */
export const LOGIN_SECTION = '/pages/login/';
export const REGISTER_PATH = '/pages/register/index';
export const RESET_PASSWORD_PATH = '/pages/reset-password/index';
/** Language choice from My account. */
export const LANGUAGE_PATH = '/pages/language/language';
/** Language choice from the login screen, before signing in. */
export const LANGUAGE_BEFORE_LOGIN_PATH = '/pages/language/languagez';
export const SERVER_LINES_PATH = '/pages/server-lines/index';
export const APP_UPDATE_PATH = '/pages/app-update/index';
export const CHOOSE_LOCATION_PATH = '/pages/choose-location/index';
export const OPEN_LOCATION_PATH = '/pages/open-location/index';

// Trading.
export const HALL_PATH = '/pages/game/index';
/** The event overview. */
export const EVENTS_PATH = '/pages/game/huodong';
/** The investment explanation. */
export const GUIDE_PATH = '/pages/game/huodong1';
/** A room: its terms, its current round and the position form (the spec's "ordinary room"). */
export const ROOM_PATH = '/pages/game/rule';
export const ROUND_PLAY_PATH = '/pages/game/game';
/** Ours, not the spec's: a room's fairness chain. */
export const VERIFY_PATH = '/pages/game/verify';

// Recharge (money in).
export const OFFLINE_RECHARGE_PATH = '/pages/recharge/index';
/** The currency (crypto) recharge. */
export const CRYPTO_RECHARGE_PATH = '/pages/recharge/huobi';
/** The bank-card payment: choose an amount, pay on the card gateway. */
export const CARD_RECHARGE_PATH = '/pages/recharge/yhkczhi';
/** Where the card gateway sends the user back (the spec's "top-up" page). */
export const CARD_RECHARGE_RETURN_PATH = '/pages/recharge/chongzhi';

// Withdrawal (money out) and where it goes.
export const WITHDRAW_PATH = '/pages/withdraw/index';
/** Card management. */
export const BANK_CARDS_PATH = '/pages/mine/qianbaokh';
/** Bind a bank card, from card management. */
export const BIND_CARD_PATH = '/pages/add-bank-card/index';
/** Bind a bank card, from the withdraw page (it goes back there). */
export const BIND_CARD_FOR_WITHDRAWAL_PATH = '/pages/add-bank-card/indexs';
/** The digital wallets (wallet addresses). */
export const WALLETS_PATH = '/pages/mine/qianbao';
export const ADD_WALLET_PATH = '/pages/mine/addqb';
/** Ours, not the spec's: the public withdrawal queue figures (no login needed). */
export const WITHDRAWALS_OPEN_PATH = '/pages/withdraw/open';

// Balance and records.
export const ASSETS_PATH = '/pages/mine/zichan';
export const RECHARGE_RECORDS_PATH = '/pages/recharge-record/index';
export const WITHDRAWAL_RECORDS_PATH = '/pages/withdraw-record/index';
export const INVESTMENT_RECORDS_PATH = '/pages/investment-record/index';
export const TRANSACTION_RECORDS_PATH = '/pages/transaction-record/index';
export const REVENUE_RECORDS_PATH = '/pages/revenue-record/index';

// My account's settings.
/** System notifications. */
export const NOTIFICATIONS_PATH = '/pages/setting/set';
/** Password management: the login password and the payment password. */
export const PASSWORD_MENU_PATH = '/pages/login-password-change/mima';
export const LOGIN_PASSWORD_PATH = '/pages/login-password-change/index';
export const PAYMENT_PASSWORD_PATH = '/pages/fund-password-change/index';

/** Ours, not the spec's: My account → Play limits (limits, reality check, breaks). */
export const PLAY_LIMITS_PATH = '/pages/mine/play-limits';
// Verifiable books (ours, not the spec's).
/** The proof of liabilities: signed snapshots of what is owed, the user's own inclusion checked. */
export const LIABILITIES_PATH = '/pages/trust/liabilities';
// Referral rewards (ours, not the spec's): my team, from My account.
export const TEAM_PATH = '/pages/team/index';
