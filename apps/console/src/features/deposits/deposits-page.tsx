/** The deposit queue: pending first by default, filterable by status and method. */
import { DEPOSIT_METHODS, DEPOSIT_STATUSES, formatMoney } from '@tradehall/domain';
import { QueuePage } from '../../components/queue-page.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { depositsKey, fetchDepositPage } from './api.ts';
import { DepositDrawer } from './deposit-drawer.tsx';
import { depositStrings as s } from './strings.ts';

export function DepositsPage() {
  return (
    <QueuePage
      strings={s}
      testIdPrefix="deposit"
      queryKey={depositsKey}
      fetchPage={fetchDepositPage}
      statuses={DEPOSIT_STATUSES}
      initialStatus="pending"
      methods={DEPOSIT_METHODS}
      Drawer={DepositDrawer}
      columns={[
        { title: s.reference, dataIndex: 'reference' },
        { title: s.account, dataIndex: 'account' },
        { title: s.method, dataIndex: 'method' },
        {
          title: s.amount,
          dataIndex: 'amount',
          align: 'right',
          render: (value: number) => formatMoney(value),
        },
        { title: s.status, dataIndex: 'status', render: (value: string) => <StatusTag status={value} /> },
        { title: s.created, dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
        { title: s.decided, dataIndex: 'decidedAt', render: (value: number | null) => formatTime(value) },
      ]}
    />
  );
}
