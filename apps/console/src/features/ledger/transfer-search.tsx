/** Transfers filtered by user, account, code and reference, newest first. */
import { formatMoney, LEDGER_CODES } from '@tradehall/domain';
import { Card, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorTable } from '../../components/cursor-table.tsx';
import { FilterField, FilterForm } from '../../components/filter-form.tsx';
import { formatTime } from '../../lib/format.ts';
import { trimmed } from '../../lib/trimmed.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AdminTransfer, fetchTransferPage, type TransferFilters, transfersKey } from './api.ts';

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
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TransferFilters>({});
  const list = useCursorList(transfersKey(filters), (cursor) => fetchTransferPage(filters, cursor));

  return (
    <Card title={t('ledger.transfers')}>
      <FilterForm<TransferFilters>
        onSearch={(values) => setFilters(clean(values))}
        onReset={() => setFilters({})}
        searchText={t('ledger.search')}
        resetText={t('ledger.reset')}
        searchTestId="transfer-search"
      >
        <FilterField name="userId" rules={[{ pattern: UUID, message: t('ledger.uuidHint') }]}>
          <Input
            placeholder={t('ledger.userId')}
            allowClear
            style={{ width: 300 }}
            data-testid="transfer-user"
          />
        </FilterField>
        <FilterField name="account">
          <Input placeholder={t('ledger.accountFilter')} allowClear style={{ width: 180 }} />
        </FilterField>
        <FilterField name="code">
          <Select
            placeholder={t('ledger.anyCode')}
            allowClear
            style={{ width: 180 }}
            options={LEDGER_CODES.map((code) => ({ value: code, label: code }))}
          />
        </FilterField>
        <FilterField name="reference">
          <Input
            placeholder={t('ledger.reference')}
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
          { title: t('ledger.time'), dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
          { title: t('ledger.code'), dataIndex: 'code' },
          { title: t('ledger.reference'), dataIndex: 'reference' },
          { title: t('ledger.debitAccount'), dataIndex: 'debitAccount' },
          { title: t('ledger.creditAccount'), dataIndex: 'creditAccount' },
          {
            title: t('ledger.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (value: number) => formatMoney(value),
          },
        ]}
      />
    </Card>
  );
}
