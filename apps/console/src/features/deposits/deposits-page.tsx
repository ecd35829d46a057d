/** The deposit queue: pending first by default, filterable by status and method. */
import { DEPOSIT_METHODS, DEPOSIT_STATUSES, formatMoney } from '@tradehall/domain';
import { Alert, Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { LoadMore } from '../../components/load-more.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import {
  type AdminDeposit,
  type DepositMethodFilter,
  type DepositStatusFilter,
  depositsKey,
  fetchDepositPage,
} from './api.ts';
import { DepositDrawer } from './deposit-drawer.tsx';
import { depositStrings as s } from './strings.ts';

export function DepositsPage() {
  const [status, setStatus] = useState<DepositStatusFilter>('pending');
  const [method, setMethod] = useState<DepositMethodFilter>(undefined);
  const [openId, setOpenId] = useState<string | null>(null);
  const { items, query } = useCursorList([...depositsKey, 'list', status ?? '', method ?? ''], (cursor) =>
    fetchDepositPage(status, method, cursor),
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
          onChange={(value: string) => setStatus(DEPOSIT_STATUSES.find((item) => item === value))}
          options={[
            { value: '', label: s.any },
            ...DEPOSIT_STATUSES.map((value) => ({ value, label: value })),
          ]}
          data-testid="deposit-status-filter"
        />
        <Select
          style={{ width: 180 }}
          prefix={`${s.method}:`}
          value={method ?? ''}
          onChange={(value: string) => setMethod(DEPOSIT_METHODS.find((item) => item === value))}
          options={[
            { value: '', label: s.any },
            ...DEPOSIT_METHODS.map((value) => ({ value, label: value })),
          ]}
          data-testid="deposit-method-filter"
        />
      </Space>
      {query.isError && <Alert type="error" title={errorMessage(query.error)} showIcon />}
      <Table<AdminDeposit>
        rowKey="id"
        size="middle"
        loading={query.isPending}
        dataSource={items}
        pagination={false}
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
          {
            title: '',
            key: 'review',
            render: (_, record) => (
              <Button size="small" onClick={() => setOpenId(record.id)} data-testid="deposit-review">
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
      <DepositDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
