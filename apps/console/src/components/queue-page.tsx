/**
 * A money queue (deposits, withdrawals): pending first by default, filterable by status and method,
 * newest first with "Load more", and a Review button per row that opens the record's drawer.
 */
import { Button, Space, type TableColumnsType } from 'antd';
import { type ComponentType, useState } from 'react';
import { type CursorPage, useCursorList } from '../lib/use-cursor-list.ts';
import { ChoiceFilter } from './choice-filter.tsx';
import { CursorTable } from './cursor-table.tsx';
import { PageTitle } from './page-title.tsx';
import { RefreshButton } from './refresh-button.tsx';
import { useStatusLabel } from './status-tag.tsx';

export interface QueueStrings {
  title: string;
  status: string;
  method: string;
  any: string;
  review: string;
  refresh: string;
}

export function QueuePage<T extends { id: string }, S extends string, M extends string>({
  strings: s,
  testIdPrefix,
  queryKey,
  fetchPage,
  statuses,
  initialStatus,
  methods,
  methodLabel,
  columns,
  Drawer,
}: {
  strings: QueueStrings;
  /** `deposit` gives deposit-status-filter, deposit-method-filter and deposit-review. */
  testIdPrefix: string;
  queryKey: readonly string[];
  fetchPage: (status: S | undefined, method: M | undefined, cursor?: string) => Promise<CursorPage<T>>;
  statuses: readonly S[];
  initialStatus: S;
  methods: readonly M[];
  methodLabel?: (method: M) => string;
  /** The record's columns; the Review button is added after them. */
  columns: TableColumnsType<T>;
  Drawer: ComponentType<{ id: string | null; onClose: () => void }>;
}) {
  const [status, setStatus] = useState<S | undefined>(initialStatus);
  const [method, setMethod] = useState<M | undefined>(undefined);
  const [openId, setOpenId] = useState<string | null>(null);
  const statusLabel = useStatusLabel();
  const list = useCursorList([...queryKey, 'list', status ?? '', method ?? ''], (cursor) =>
    fetchPage(status, method, cursor),
  );

  return (
    <>
      <PageTitle title={s.title} extra={<RefreshButton query={list.query} label={s.refresh} />} />
      <Space style={{ marginBottom: 16 }}>
        <ChoiceFilter
          label={s.status}
          anyLabel={s.any}
          values={statuses}
          value={status}
          onChange={setStatus}
          labelOf={statusLabel}
          testId={`${testIdPrefix}-status-filter`}
        />
        <ChoiceFilter
          label={s.method}
          anyLabel={s.any}
          values={methods}
          value={method}
          onChange={setMethod}
          labelOf={methodLabel}
          testId={`${testIdPrefix}-method-filter`}
        />
      </Space>
      <CursorTable<T>
        list={list}
        size="middle"
        columns={[
          ...columns,
          {
            title: '',
            key: 'review',
            render: (_, record) => (
              <Button
                size="small"
                onClick={() => setOpenId(record.id)}
                data-testid={`${testIdPrefix}-review`}
              >
                {s.review}
              </Button>
            ),
          },
        ]}
      />
      <Drawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
