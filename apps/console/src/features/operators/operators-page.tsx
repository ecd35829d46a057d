/**
 * Operator accounts (admin only): who can sign in to the console, with which role, and 2FA state; an
 * admin resets another operator's two-factor (with their own current code) when they lost their phone.
 */
import { useQuery } from '@tanstack/react-query';
import { OPERATOR_ROLES } from '@tradehall/contracts';
import { Button, Form, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonField } from '../../components/reason-field.tsx';
import { TotpCodeField } from '../../components/totp-code-field.tsx';
import { formatTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  type CreateOperatorRequest,
  createOperator,
  type OperatorRow,
  operatorsKey,
  operatorsQuery,
  type ResetOperatorTotpRequest,
  resetOperatorTotp,
} from './api.ts';
import { operatorStrings as s } from './strings.ts';

export function OperatorsPage() {
  const { profile } = useSession();
  const operators = useQuery(operatorsQuery);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<OperatorRow | null>(null);
  const [form] = Form.useForm<CreateOperatorRequest>();
  const [resetForm] = Form.useForm<ResetOperatorTotpRequest>();
  const add = useAction({
    run: (values: CreateOperatorRequest) => createOperator({ ...values, account: values.account.trim() }),
    success: s.created_,
    invalidates: [operatorsKey, ['admin', 'audit']],
    onDone: () => setAdding(false),
  });
  const reset = useAction({
    run: (input: { id: string; body: ResetOperatorTotpRequest }) => resetOperatorTotp(input.id, input.body),
    success: s.resetTotpDone,
    invalidates: [operatorsKey, ['admin', 'audit']],
    onDone: () => setResetting(null),
  });

  /** Why the reset button is off for this row, or null when it is on. */
  const resetBlocked = (row: OperatorRow): string | null => {
    if (row.id === profile.id) return s.resetSelf;
    if (!row.totpEnabled) return s.resetOff;
    if (!profile.totpEnabled) return s.resetNeedsTwoFactor;
    return null;
  };

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
          {
            title: '',
            key: 'actions',
            render: (_, row) => {
              const blocked = resetBlocked(row);
              return (
                <Tooltip title={blocked ?? undefined}>
                  <Button
                    size="small"
                    danger
                    disabled={blocked !== null}
                    onClick={() => setResetting(row)}
                    data-testid={`operator-reset-totp-${row.account}`}
                  >
                    {s.resetTotp}
                  </Button>
                </Tooltip>
              );
            },
          },
        ]}
      />
      <FormDialog
        open={resetting !== null}
        title={resetting ? s.resetTotpTitle(resetting.account) : ''}
        form={resetForm}
        okText={s.resetTotpConfirm}
        cancelText={s.cancel}
        danger
        pending={reset.pending}
        onCancel={() => setResetting(null)}
        confirmTestId="operator-reset-totp-confirm"
      >
        <Typography.Paragraph>{s.resetTotpText}</Typography.Paragraph>
        <Form
          form={resetForm}
          layout="vertical"
          onFinish={(values) => {
            if (!resetting) return;
            void reset.trigger({
              id: resetting.id,
              body: { reason: values.reason.trim(), totpCode: values.totpCode?.trim() },
            });
          }}
        >
          <ReasonField rows={2} testId="operator-reset-totp-reason" />
          <TotpCodeField help={s.resetTotpHelp} testId="operator-reset-totp-code" />
        </Form>
      </FormDialog>
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
