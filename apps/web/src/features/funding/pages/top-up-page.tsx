/**
 * /pages/recharge/chongzhi1 (the Top-up tab): the current balance and the four ways of spec §2 "Deposit":
 * bank card payment, currency recharge, offline recharge, customer service.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { MenuList } from '../../../components/ui/menu-list.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatCents } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { TestPaymentsNotice } from '../components/test-payments-notice.tsx';

export default function TopUpPage() {
  const { t } = useTranslation();
  const me = useMe();
  const methods = useFundingMethods();
  return (
    <div className="page page--tab">
      <PageHeader title={t('titles.recharge')} back={false} />
      <main className="page__body">
        {me.data ? (
          <BalanceCard
            figures={[
              { label: t('topUp.balance'), value: formatCents(me.data.balance), testId: 'topup-balance' },
            ]}
          />
        ) : me.isError ? (
          <ErrorNotice error={me.error} onRetry={() => void me.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={1} />
        )}
        <h2 className="section-title">{t('topUp.choose')}</h2>
        <TestPaymentsNotice show={methods.data?.cardPayment.testPayments === true} />
        <MenuList
          label={t('topUp.choose')}
          entries={[
            {
              key: 'card',
              label: t('topUp.bankCard'),
              hint: t('topUp.bankCardHint'),
              to: '/pages/recharge/yhkczhi',
              testId: 'topup-card',
            },
            {
              key: 'currency',
              label: t('topUp.currency'),
              hint: t('topUp.currencyHint'),
              to: '/pages/recharge/huobi',
              testId: 'topup-currency',
            },
            {
              key: 'offline',
              label: t('topUp.offline'),
              hint: t('topUp.offlineHint'),
              to: '/pages/recharge/index',
              testId: 'topup-offline',
            },
            {
              key: 'service',
              label: t('topUp.service'),
              hint: t('topUp.serviceHint'),
              to: '/pages/kefu/index',
              testId: 'topup-service',
            },
          ]}
        />
        <MenuList
          entries={[
            {
              key: 'records',
              label: t('topUp.records'),
              to: '/pages/recharge-record/index',
              testId: 'topup-records',
            },
          ]}
        />
      </main>
    </div>
  );
}
