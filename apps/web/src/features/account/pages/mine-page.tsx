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
        nav.reLaunch('/pages/login/index');
      },
    });
  };

  const records: MenuEntry[] = [
    { key: 'investment', label: t('account.menu.investmentRecords'), to: '/pages/investment-record/index' },
    { key: 'recharge', label: t('account.menu.rechargeRecords'), to: '/pages/recharge-record/index' },
    { key: 'withdraw', label: t('account.menu.withdrawRecords'), to: '/pages/withdraw-record/index' },
    {
      key: 'transaction',
      label: t('account.menu.transactionRecords'),
      to: '/pages/transaction-record/index',
    },
    { key: 'revenue', label: t('account.menu.revenueRecords'), to: '/pages/revenue-record/index' },
  ];
  const funds: MenuEntry[] = [
    { key: 'cards', label: t('account.menu.bankCards'), to: '/pages/mine/qianbaokh' },
    { key: 'wallets', label: t('account.menu.wallets'), to: '/pages/mine/qianbao' },
    { key: 'assets', label: t('account.menu.assets'), to: '/pages/mine/zichan' },
  ];
  const settings: MenuEntry[] = [
    {
      key: 'passwords',
      label: t('account.menu.passwordManagement'),
      to: '/pages/login-password-change/mima',
    },
    { key: 'security', label: t('account.menu.securityPassword'), to: '/pages/fund-password-change/index' },
    { key: 'notifications', label: t('account.menu.notifications'), to: '/pages/setting/set' },
    // Personal messages are the notifications addressed to this user only (spec §6), same page, own tab.
    {
      key: 'messages',
      label: t('account.menu.messages'),
      to: withQuery('/pages/setting/set', { tab: 'personal' }),
    },
    { key: 'language', label: t('account.menu.language'), to: '/pages/language/language' },
    {
      key: 'lines',
      label: t('titles.serverLines'),
      to: '/pages/server-lines/index',
      testId: 'mine-server-lines',
    },
    {
      key: 'switch',
      label: t('account.menu.switchUser'),
      to: '/pages/login/index',
      testId: 'mine-switch-user',
    },
    { key: 'cache', label: t('account.menu.clearCache'), onSelect: clearCache, testId: 'mine-clear-cache' },
    {
      key: 'updates',
      label: t('account.menu.checkUpdates'),
      to: '/pages/app-update/index',
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
              <Link className="primary-button" to="/pages/recharge/chongzhi1" data-testid="mine-top-up">
                {t('account.topUp')}
              </Link>
              <Link
                className="primary-button primary-button--outline"
                to="/pages/withdraw/index"
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
