/** Transfers filtered by user, account, code and reference, newest first. */
import { formatMoney, LEDGER_CODES } from '@tradehall/domain';
import { Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { CursorTable } from '../../components/cursor-table.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AdminTransfer, fetchTransferPage, type TransferFilters, transfersKey } from './api.ts';
import { ledgerStrings as s } from './strings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const trimmed = (value: string | undefined) => value?.trim() || undefined;

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
  const [form] = Form.useForm<TransferFilters>();
  const [filters, setFilters] = useState<TransferFilters>({});
  const list = useCursorList(transfersKey(filters), (cursor) => fetchTransferPage(filters, cursor));

  return (
    <Card title={s.transfers}>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => setFilters(clean(values))}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="userId" rules={[{ pattern: UUID, message: s.uuidHint }]} style={{ marginBottom: 8 }}>
          <Input placeholder={s.userId} allowClear style={{ width: 300 }} data-testid="transfer-user" />
        </Form.Item>
        <Form.Item name="account" style={{ marginBottom: 8 }}>
          <Input placeholder={s.accountFilter} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="code" style={{ marginBottom: 8 }}>
          <Select
            placeholder={s.anyCode}
            allowClear
            style={{ width: 180 }}
            options={LEDGER_CODES.map((code) => ({ value: code, label: code }))}
          />
        </Form.Item>
        <Form.Item name="reference" style={{ marginBottom: 8 }}>
          <Input
            placeholder={s.reference}
            allowClear
            style={{ width: 220 }}
            data-testid="transfer-reference"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="transfer-search">
          {s.search}
        </Button>
        <Button
          style={{ marginLeft: 8 }}
          onClick={() => {
            form.resetFields();
            setFilters({});
          }}
        >
          {s.reset}
        </Button>
      </Form>
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
