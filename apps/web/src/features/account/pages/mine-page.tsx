/**
 * /pages/mine/index (My account): nickname, credit score, the default registration code (the user's own
 * invitation code) with a copy button, currency, balance, withdrawable amount and unprocessed items, then
 * the ways to top up and withdraw, then the menu of spec §2. The figures refresh after every money
 * operation (each one invalidates the shared `me` query).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { type MenuEntry, MenuList } from '../../../components/ui/menu-list.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatCents } from '../../../lib/format.ts';
import { useNav, withQuery } from '../../../lib/navigation.ts';
import {
  APP_UPDATE_PATH,
  ASSETS_PATH,
  BANK_CARDS_PATH,
  INVESTMENT_RECORDS_PATH,
  LANGUAGE_PATH,
  LIABILITIES_PATH,
  LOGIN_PATH,
  NOTIFICATIONS_PATH,
  PASSWORD_MENU_PATH,
  PAYMENT_PASSWORD_PATH,
  PLAY_LIMITS_PATH,
  RECHARGE_PATH,
  RECHARGE_RECORDS_PATH,
  REVENUE_RECORDS_PATH,
  SERVER_LINES_PATH,
  TEAM_PATH,
  TRANSACTION_RECORDS_PATH,
  WALLETS_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_RECORDS_PATH,
  WITHDRAWALS_OPEN_PATH,
} from '../../../lib/paths.ts';
import { clearNonSessionStorage } from '../../../lib/storage.ts';
import { errorMessage, showToast } from '../../../lib/toast.ts';
import { useLogout } from '../api/logout.ts';
import { useMe } from '../api/me.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import '../account.css';

export default function MinePage() {
  const { t } = useTranslation();
  const nav = useNav();
  const queryClient = useQueryClient();
  const me = useMe();
  const logout = useLogout();

  const clearCache = () => {
    queryClient.clear();
    clearNonSessionStorage();
    showToast(t('account.cacheCleared'), 'success');
  };

  const onLogout = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSettled: () => {
        showToast(t('account.loggedOut'));
        nav.reLaunch(LOGIN_PATH);
      },
    });
  };

  const records: MenuEntry[] = [
    { key: 'investment', label: t('account.menu.investmentRecords'), to: INVESTMENT_RECORDS_PATH },
    { key: 'recharge', label: t('account.menu.rechargeRecords'), to: RECHARGE_RECORDS_PATH },
    { key: 'withdraw', label: t('account.menu.withdrawRecords'), to: WITHDRAWAL_RECORDS_PATH },
    {
      key: 'transaction',
      label: t('account.menu.transactionRecords'),
      to: TRANSACTION_RECORDS_PATH,
    },
    { key: 'revenue', label: t('account.menu.revenueRecords'), to: REVENUE_RECORDS_PATH },
  ];
  const funds: MenuEntry[] = [
    { key: 'cards', label: t('account.menu.bankCards'), to: BANK_CARDS_PATH },
    { key: 'wallets', label: t('account.menu.wallets'), to: WALLETS_PATH },
    { key: 'assets', label: t('account.menu.assets'), to: ASSETS_PATH },
    {
      key: 'withdrawals-open',
      label: t('withdrawalStats.openLink'),
      to: WITHDRAWALS_OPEN_PATH,
      testId: 'mine-withdrawals-open',
    },
    { key: 'liabilities', label: t('liabilities.menu'), to: LIABILITIES_PATH, testId: 'mine-liabilities' },
    { key: 'team', label: t('referral.menu'), to: TEAM_PATH },
  ];
  const settings: MenuEntry[] = [
    {
      key: 'passwords',
      label: t('account.menu.passwordManagement'),
      to: PASSWORD_MENU_PATH,
    },
    { key: 'security', label: t('account.menu.securityPassword'), to: PAYMENT_PASSWORD_PATH },
    { key: 'notifications', label: t('account.menu.notifications'), to: NOTIFICATIONS_PATH },
    { key: 'play-limits', label: t('playLimits.title'), to: PLAY_LIMITS_PATH, testId: 'mine-play-limits' },
    // Personal messages are the notifications addressed to this user only (spec §6), same page, own tab.
    {
      key: 'messages',
      label: t('account.menu.messages'),
      to: withQuery(NOTIFICATIONS_PATH, { tab: 'personal' }),
    },
    { key: 'language', label: t('account.menu.language'), to: LANGUAGE_PATH },
    {
      key: 'lines',
      label: t('titles.serverLines'),
      to: SERVER_LINES_PATH,
      testId: 'mine-server-lines',
    },
    {
      key: 'switch',
      label: t('account.menu.switchUser'),
      to: LOGIN_PATH,
      testId: 'mine-switch-user',
    },
    { key: 'cache', label: t('account.menu.clearCache'), onSelect: clearCache, testId: 'mine-clear-cache' },
    {
      key: 'updates',
      label: t('account.menu.checkUpdates'),
      to: APP_UPDATE_PATH,
      testId: 'mine-check-updates',
    },
    {
      key: 'logout',
      label: t('account.menu.logout'),
      onSelect: onLogout,
      danger: true,
      testId: 'mine-logout',
    },
  ];

  return (
    <div className="page page--tab">
      <PageHeader title={t('titles.mine')} back={false} />
      <main className="page__body">
        {me.data ? (
          <>
            <AccountSummary me={me.data} formatMoney={formatCents} />
            <div className="action-row">
              <Link className="primary-button" to={RECHARGE_PATH} data-testid="mine-top-up">
                {t('account.topUp')}
              </Link>
              <Link
                className="primary-button primary-button--outline"
                to={WITHDRAW_PATH}
                data-testid="mine-withdraw"
              >
                {t('account.withdraw')}
              </Link>
            </div>
          </>
        ) : me.isError ? (
          <div className="notice" role="alert">
            <p>{t('account.loadFailed')}</p>
            <p className="notice__detail">{errorMessage(me.error)}</p>
            <button type="button" className="text-button" onClick={() => void me.refetch().catch(() => {})}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <DataPlaceholder />
        )}
        <MenuList entries={records} />
        <MenuList entries={funds} />
        <MenuList entries={settings} />
      </main>
    </div>
  );
}
