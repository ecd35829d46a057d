/**
 * /pages/mine/zichan (assets): balance, withdrawable, held by pending withdrawals, totals deposited and
 * withdrawn, pending counts; why the withdrawable amount is lower (the turnover rule, what is still to
 * be staked); the ways to recharge and withdraw, and the records.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { MenuList } from '../../../components/ui/menu-list.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatCents } from '../../../lib/format.ts';
import { useAssets } from '../api/assets.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { TurnoverNotice } from '../components/turnover-notice.tsx';
import '../money.css';
import {
  LIABILITIES_PATH,
  RECHARGE_PATH,
  RECHARGE_RECORDS_PATH,
  TRANSACTION_RECORDS_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_RECORDS_PATH,
  WITHDRAWALS_OPEN_PATH,
} from '../../../lib/paths.ts';

export default function AssetsPage() {
  const { t } = useTranslation();
  const assets = useAssets();
  const data = assets.data;
  const [params] = useSearchParams();
  return (
    <div className="page">
      <PageHeader title={t('titles.assets')} />
      <main className="page__body">
        {data ? (
          <>
            <BalanceCard
              figures={[
                { label: t('assets.balance'), value: formatCents(data.balance), testId: 'assets-balance' },
                {
                  label: t('assets.withdrawable'),
                  value: formatCents(data.withdrawable),
                  testId: 'assets-withdrawable',
                },
                { label: t('assets.held'), value: formatCents(data.held), testId: 'assets-held' },
                { label: t('assets.currency'), value: data.currency, testId: 'assets-currency' },
                {
                  label: t('assets.totalDeposited'),
                  value: formatCents(data.totalDeposited),
                  testId: 'assets-total-deposited',
                },
                {
                  label: t('assets.totalWithdrawn'),
                  value: formatCents(data.totalWithdrawn),
                  testId: 'assets-total-withdrawn',
                },
                {
                  label: t('assets.pendingDeposits'),
                  value: String(data.pendingDeposits),
                  testId: 'assets-pending-deposits',
                },
                {
                  label: t('assets.pendingWithdrawals'),
                  value: String(data.pendingWithdrawals),
                  testId: 'assets-pending-withdrawals',
                },
              ]}
            />
            <TurnoverNotice
              turnover={data.turnover}
              rule="inline"
              ruleOpen={params.get('rule') === 'turnover'}
            />
            <div className="action-row">
              <Link className="primary-button" to={RECHARGE_PATH} data-testid="assets-top-up">
                {t('account.topUp')}
              </Link>
              <Link
                className="primary-button primary-button--outline"
                to={WITHDRAW_PATH}
                data-testid="assets-withdraw"
              >
                {t('account.withdraw')}
              </Link>
            </div>
          </>
        ) : assets.isError ? (
          <ErrorNotice error={assets.error} onRetry={() => void assets.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={4} />
        )}
        <MenuList
          label={t('assets.records')}
          entries={[
            { key: 'recharge', label: t('titles.rechargeRecords'), to: RECHARGE_RECORDS_PATH },
            { key: 'withdraw', label: t('titles.withdrawRecords'), to: WITHDRAWAL_RECORDS_PATH },
            {
              key: 'transaction',
              label: t('titles.transactionRecords'),
              to: TRANSACTION_RECORDS_PATH,
            },
            {
              key: 'withdrawals-open',
              label: t('withdrawalStats.openLink'),
              hint: t('withdrawalStats.openHint'),
              to: WITHDRAWALS_OPEN_PATH,
              testId: 'assets-withdrawals-open',
            },
            {
              key: 'liabilities',
              label: t('liabilities.menu'),
              to: LIABILITIES_PATH,
              testId: 'assets-liabilities',
            },
          ]}
        />
      </main>
    </div>
  );
}
