/** The deposit queue: pending first by default, filterable by status and method. */
import { DEPOSIT_METHODS, DEPOSIT_STATUSES, formatMoney } from '@tradehall/domain';
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
  const list = useCursorList([...depositsKey, 'list', status ?? '', method ?? ''], (cursor) =>
    fetchDepositPage(status, method, cursor),
  );

  return (
    <>
      <PageTitle title={s.title} extra={<RefreshButton query={list.query} label={s.refresh} />} />
      <Space style={{ marginBottom: 16 }}>
        <ChoiceFilter
          label={s.status}
          anyLabel={s.any}
          values={DEPOSIT_STATUSES}
          value={status}
          onChange={setStatus}
          testId="deposit-status-filter"
        />
        <ChoiceFilter
          label={s.method}
          anyLabel={s.any}
          values={DEPOSIT_METHODS}
          value={method}
          onChange={setMethod}
          testId="deposit-method-filter"
        />
      </Space>
      <CursorTable<AdminDeposit>
        list={list}
        size="middle"
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
      <DepositDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
