/** Transfers filtered by user, account, code and reference, newest first. */
import { formatMoney, LEDGER_CODES } from '@tradehall/domain';
import { Card, Input, Select } from 'antd';
import { useState } from 'react';
import { CursorTable } from '../../components/cursor-table.tsx';
import { FilterField, FilterForm } from '../../components/filter-form.tsx';
import { formatTime } from '../../lib/format.ts';
import { trimmed } from '../../lib/trimmed.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AdminTransfer, fetchTransferPage, type TransferFilters, transfersKey } from './api.ts';
import { ledgerStrings as s } from './strings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Blank filters are left out of the query (and out of the cache key). */
function clean(values: TransferFilters): TransferFilters {
  return {
    userId: trimmed(values.userId),
    account: trimmed(values.account),
    code: trimmed(values.code),
    reference: trimmed(values.reference),
  };
}

export function TransferSearch() {
  const [filters, setFilters] = useState<TransferFilters>({});
  const list = useCursorList(transfersKey(filters), (cursor) => fetchTransferPage(filters, cursor));

  return (
    <Card title={s.transfers}>
      <FilterForm<TransferFilters>
        onSearch={(values) => setFilters(clean(values))}
        onReset={() => setFilters({})}
        searchText={s.search}
        resetText={s.reset}
        searchTestId="transfer-search"
      >
        <FilterField name="userId" rules={[{ pattern: UUID, message: s.uuidHint }]}>
          <Input placeholder={s.userId} allowClear style={{ width: 300 }} data-testid="transfer-user" />
        </FilterField>
        <FilterField name="account">
          <Input placeholder={s.accountFilter} allowClear style={{ width: 180 }} />
        </FilterField>
        <FilterField name="code">
          <Select
            placeholder={s.anyCode}
            allowClear
            style={{ width: 180 }}
            options={LEDGER_CODES.map((code) => ({ value: code, label: code }))}
          />
        </FilterField>
        <FilterField name="reference">
          <Input
            placeholder={s.reference}
            allowClear
            style={{ width: 220 }}
            data-testid="transfer-reference"
          />
        </FilterField>
      </FilterForm>
      <CursorTable<AdminTransfer>
        list={list}
        size="small"
        columns={[
          { title: s.time, dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
          { title: s.code, dataIndex: 'code' },
          { title: s.reference, dataIndex: 'reference' },
          { title: s.debitAccount, dataIndex: 'debitAccount' },
          { title: s.creditAccount, dataIndex: 'creditAccount' },
          {
            title: s.amount,
            dataIndex: 'amount',
            align: 'right',
            render: (value: number) => formatMoney(value),
          },
        ]}
      />
    </Card>
  );
}
