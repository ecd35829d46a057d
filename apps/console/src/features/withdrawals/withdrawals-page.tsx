/** The withdrawal queue: pending first by default, filterable by status and method. */
import { formatMoney, WITHDRAWAL_STATUSES } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { QueuePage } from '../../components/queue-page.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { fetchWithdrawalPage, WITHDRAWAL_METHODS, withdrawalsKey } from './api.ts';
import { WithdrawalDrawer } from './withdrawal-drawer.tsx';

export function WithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <QueuePage
      strings={{
        title: t('withdrawals.title'),
        status: t('withdrawals.status'),
        method: t('withdrawals.method'),
        any: t('withdrawals.any'),
        review: t('withdrawals.review'),
        refresh: t('withdrawals.refresh'),
      }}
      testIdPrefix="withdrawal"
      queryKey={withdrawalsKey}
      fetchPage={fetchWithdrawalPage}
      statuses={WITHDRAWAL_STATUSES}
      initialStatus="pending"
      methods={WITHDRAWAL_METHODS}
      methodLabel={(value) => t(`withdrawals.methods.${value}`)}
      Drawer={WithdrawalDrawer}
      columns={[
        { title: t('withdrawals.reference'), dataIndex: 'reference' },
        { title: t('withdrawals.account'), dataIndex: 'account' },
        {
          title: t('withdrawals.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (value: number) => formatMoney(value),
        },
        { title: t('withdrawals.destination'), dataIndex: 'destinationLabel' },
        {
          title: t('withdrawals.status'),
          dataIndex: 'status',
          render: (value: string) => <StatusTag status={value} />,
        },
        {
          title: t('withdrawals.paymentReference'),
          dataIndex: 'paymentReference',
          render: (value: string | null) => value ?? '—',
        },
        {
          title: t('withdrawals.created'),
          dataIndex: 'createdAt',
          render: (value: number) => formatTime(value),
        },
      ]}
    />
  );
}
