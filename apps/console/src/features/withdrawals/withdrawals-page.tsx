/** The withdrawal queue: pending first by default, filterable by status and method. */
import { formatMoney, WITHDRAWAL_STATUSES } from '@tradehall/domain';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { ChoiceFilter } from '../../components/choice-filter.tsx';
import { CursorTable } from '../../components/cursor-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import {
  type AdminWithdrawal,
  fetchWithdrawalPage,
  WITHDRAWAL_METHODS,
  type WithdrawalMethodFilter,
  type WithdrawalStatusFilter,
  withdrawalsKey,
} from './api.ts';
import { withdrawalStrings as s } from './strings.ts';
import { WithdrawalDrawer } from './withdrawal-drawer.tsx';

export function WithdrawalsPage() {
  const [status, setStatus] = useState<WithdrawalStatusFilter>('pending');
  const [method, setMethod] = useState<WithdrawalMethodFilter>(undefined);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCursorList([...withdrawalsKey, 'list', status ?? '', method ?? ''], (cursor) =>
    fetchWithdrawalPage(status, method, cursor),
  );

  return (
    <>
      <PageTitle title={s.title} extra={<RefreshButton query={list.query} label={s.refresh} />} />
      <Space style={{ marginBottom: 16 }}>
        <ChoiceFilter
          label={s.status}
          anyLabel={s.any}
          values={WITHDRAWAL_STATUSES}
          value={status}
          onChange={setStatus}
          testId="withdrawal-status-filter"
        />
        <ChoiceFilter
          label={s.method}
          anyLabel={s.any}
          values={WITHDRAWAL_METHODS}
          value={method}
          onChange={setMethod}
          labelOf={(value) => s.methods[value]}
          testId="withdrawal-method-filter"
        />
      </Space>
      <CursorTable<AdminWithdrawal>
        list={list}
        size="middle"
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
          {
            title: '',
            key: 'review',
            render: (_, record) => (
              <Button size="small" onClick={() => setOpenId(record.id)} data-testid="withdrawal-review">
                {s.review}
              </Button>
            ),
          },
        ]}
      />
      <WithdrawalDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
