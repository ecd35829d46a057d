/** The withdrawal queue: pending first by default, filterable by status and method. */
import { formatMoney, WITHDRAWAL_STATUSES } from '@tradehall/domain';
import { Alert, Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { LoadMore } from '../../components/load-more.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { errorMessage } from '../../lib/api.ts';
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
  const { items, query } = useCursorList([...withdrawalsKey, 'list', status ?? '', method ?? ''], (cursor) =>
    fetchWithdrawalPage(status, method, cursor),
  );

  return (
    <>
      <PageTitle
        title={s.title}
        extra={
          <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
            {s.refresh}
          </Button>
        }
      />
      <Space style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 180 }}
          prefix={`${s.status}:`}
          value={status ?? ''}
          onChange={(value: string) => setStatus(WITHDRAWAL_STATUSES.find((item) => item === value))}
          options={[
            { value: '', label: s.any },
            ...WITHDRAWAL_STATUSES.map((value) => ({ value, label: value })),
          ]}
          data-testid="withdrawal-status-filter"
        />
        <Select
          style={{ width: 180 }}
          prefix={`${s.method}:`}
          value={method ?? ''}
          onChange={(value: string) => setMethod(WITHDRAWAL_METHODS.find((item) => item === value))}
          options={[
            { value: '', label: s.any },
            ...WITHDRAWAL_METHODS.map((value) => ({ value, label: s.methods[value] })),
          ]}
          data-testid="withdrawal-method-filter"
        />
      </Space>
      {query.isError && <Alert type="error" title={errorMessage(query.error)} showIcon />}
      <Table<AdminWithdrawal>
        rowKey="id"
        size="middle"
        loading={query.isPending}
        dataSource={items}
        pagination={false}
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
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
      <WithdrawalDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
