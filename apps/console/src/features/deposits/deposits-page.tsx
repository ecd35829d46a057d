/** The deposit queue: pending first by default, filterable by status and method. */
import { DEPOSIT_METHODS, DEPOSIT_STATUSES, formatMoney } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { QueuePage } from '../../components/queue-page.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { depositsKey, fetchDepositPage } from './api.ts';
import { DepositDrawer } from './deposit-drawer.tsx';

export function DepositsPage() {
  const { t } = useTranslation();
  return (
    <QueuePage
      strings={{
        title: t('deposits.title'),
        status: t('deposits.status'),
        method: t('deposits.method'),
        any: t('deposits.any'),
        review: t('deposits.review'),
        refresh: t('deposits.refresh'),
      }}
      testIdPrefix="deposit"
      queryKey={depositsKey}
      fetchPage={fetchDepositPage}
      statuses={DEPOSIT_STATUSES}
      initialStatus="pending"
      methods={DEPOSIT_METHODS}
      Drawer={DepositDrawer}
      columns={[
        { title: t('deposits.reference'), dataIndex: 'reference' },
        { title: t('deposits.account'), dataIndex: 'account' },
        { title: t('deposits.method'), dataIndex: 'method' },
        {
          title: t('deposits.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (value: number) => formatMoney(value),
        },
        {
          title: t('deposits.status'),
          dataIndex: 'status',
          render: (value: string) => <StatusTag status={value} />,
        },
        {
          title: t('deposits.created'),
          dataIndex: 'createdAt',
          render: (value: number) => formatTime(value),
        },
        {
          title: t('deposits.decided'),
          dataIndex: 'decidedAt',
          render: (value: number | null) => formatTime(value),
        },
      ]}
    />
  );
}
