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
import { RECHARGE_RECORDS_PATH } from '../../../lib/paths.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { RechargeMethods } from '../components/recharge-methods.tsx';
import '../money.css';

export default function RechargePage() {
  const { t } = useTranslation();
  const me = useMe();
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
        <RechargeMethods />
        <MenuList
          entries={[
            {
              key: 'records',
              label: t('topUp.records'),
              to: RECHARGE_RECORDS_PATH,
              testId: 'topup-records',
            },
          ]}
        />
      </main>
    </div>
  );
}
