/** Operator accounts (admin only): who can sign in to the console, with which role, and 2FA state. */
import { useQuery } from '@tanstack/react-query';
import { OPERATOR_ROLES } from '@tradehall/contracts';
import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  type CreateOperatorRequest,
  createOperator,
  type OperatorRow,
  operatorsKey,
  operatorsQuery,
} from './api.ts';
import { operatorStrings as s } from './strings.ts';

export function OperatorsPage() {
  const operators = useQuery(operatorsQuery);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<CreateOperatorRequest>();
  const add = useAction({
    run: (values: CreateOperatorRequest) => createOperator({ ...values, account: values.account.trim() }),
    success: s.created_,
    invalidates: [operatorsKey, ['admin', 'audit']],
    onDone: () => setAdding(false),
  });

  return (
    <>
      <PageTitle
        title={s.title}
        extra={
          <Button type="primary" onClick={() => setAdding(true)} data-testid="operator-add">
            {s.add}
          </Button>
        }
      />
      <QueryError query={operators} />
      <Table<OperatorRow>
        rowKey="id"
        loading={operators.isPending}
        dataSource={operators.data?.items ?? []}
        pagination={false}
        columns={[
          { title: s.account, dataIndex: 'account' },
          { title: s.role, dataIndex: 'role', render: (role: string) => <Tag>{role}</Tag> },
          {
            title: s.twoFactor,
            dataIndex: 'totpEnabled',
            render: (on: boolean) => (on ? <Tag color="green">{s.on}</Tag> : <Tag>{s.off}</Tag>),
          },
          { title: s.created, dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
        ]}
      />
      <FormDialog
        open={adding}
        title={s.addTitle}
        form={form}
        okText={s.save}
        cancelText={s.cancel}
        pending={add.pending}
        onCancel={() => setAdding(false)}
        confirmTestId="operator-add-confirm"
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'operator' }}
          onFinish={(values) => void add.trigger(values)}
        >
          <Form.Item
            name="account"
            label={s.account}
            rules={[{ required: true, whitespace: true, min: 3, max: 64, message: s.accountRule }]}
          >
            <Input autoComplete="off" data-testid="operator-account" />
          </Form.Item>
          <Form.Item
            name="password"
            label={s.password}
            rules={[{ required: true, min: 8, max: 64, message: s.passwordRule }]}
          >
            <Input.Password autoComplete="new-password" data-testid="operator-password" />
          </Form.Item>
          <Form.Item name="role" label={s.role}>
            <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: role }))} />
          </Form.Item>
        </Form>
      </FormDialog>
    </>
  );
}
