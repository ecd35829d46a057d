/** The withdrawal queue: pending first by default, filterable by status and method. */
import { formatMoney, WITHDRAWAL_STATUSES } from '@tradehall/domain';
import { QueuePage } from '../../components/queue-page.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { fetchWithdrawalPage, WITHDRAWAL_METHODS, withdrawalsKey } from './api.ts';
import { withdrawalStrings as s } from './strings.ts';
import { WithdrawalDrawer } from './withdrawal-drawer.tsx';

export function WithdrawalsPage() {
  return (
    <QueuePage
      strings={s}
      testIdPrefix="withdrawal"
      queryKey={withdrawalsKey}
      fetchPage={fetchWithdrawalPage}
      statuses={WITHDRAWAL_STATUSES}
      initialStatus="pending"
      methods={WITHDRAWAL_METHODS}
      methodLabel={(value) => s.methods[value]}
      Drawer={WithdrawalDrawer}
      columns={[
        { title: s.reference, dataIndex: 'reference' },
        { title: s.account, dataIndex: 'account' },
        {
          title: s.amount,
          dataIndex: 'amount',
          align: 'right',
          render: (value: number) => formatMoney(value),
        },
        { title: s.destination, dataIndex: 'destinationLabel' },
        { title: s.status, dataIndex: 'status', render: (value: string) => <StatusTag status={value} /> },
        {
          title: s.paymentReference,
          dataIndex: 'paymentReference',
          render: (value: string | null) => value ?? '—',
        },
        { title: s.created, dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
      ]}
    />
  );
}
