/**
 * Operator accounts (admin only): who can sign in to the console, with which role, and 2FA state; an
 * admin resets another operator's two-factor (with their own current code) when they lost their phone.
 */
import { useQuery } from '@tanstack/react-query';
import { OPERATOR_ROLES, type OperatorRole } from '@tradehall/contracts';
import { Button, Form, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

export function OperatorsPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const operators = useQuery(operatorsQuery);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<OperatorRow | null>(null);
  const [form] = Form.useForm<CreateOperatorRequest>();
  const [resetForm] = Form.useForm<ResetOperatorTotpRequest>();
  const add = useAction({
    run: (values: CreateOperatorRequest) => createOperator({ ...values, account: values.account.trim() }),
    success: t('operators.added'),
    invalidates: [operatorsKey, ['admin', 'audit']],
    onDone: () => setAdding(false),
  });
  const reset = useAction({
    run: (input: { id: string; body: ResetOperatorTotpRequest }) => resetOperatorTotp(input.id, input.body),
    success: t('operators.resetTotpDone'),
    invalidates: [operatorsKey, ['admin', 'audit']],
    onDone: () => setResetting(null),
  });

  /** Why the reset button is off for this row, or null when it is on. */
  const resetBlocked = (row: OperatorRow): string | null => {
    if (row.id === profile.id) return t('operators.resetSelf');
    if (!row.totpEnabled) return t('operators.resetOff');
    if (!profile.totpEnabled) return t('operators.resetNeedsTwoFactor');
    return null;
  };

  return (
    <>
      <PageTitle
        title={t('operators.title')}
        extra={
          <Button type="primary" onClick={() => setAdding(true)} data-testid="operator-add">
            {t('operators.add')}
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
          { title: t('operators.account'), dataIndex: 'account' },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (role: OperatorRole) => <Tag>{t(`roles.${role}`)}</Tag>,
          },
          {
            title: t('operators.twoFactor'),
            dataIndex: 'totpEnabled',
            render: (on: boolean) =>
              on ? <Tag color="green">{t('operators.on')}</Tag> : <Tag>{t('operators.off')}</Tag>,
          },
          {
            title: t('operators.created'),
            dataIndex: 'createdAt',
            render: (value: number) => formatTime(value),
          },
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
                    {t('operators.resetTotp')}
                  </Button>
                </Tooltip>
              );
            },
          },
        ]}
      />
      <FormDialog
        open={resetting !== null}
        title={resetting ? t('operators.resetTotpTitle', { account: resetting.account }) : ''}
        form={resetForm}
        okText={t('operators.resetTotpConfirm')}
        cancelText={t('operators.cancel')}
        danger
        pending={reset.pending}
        onCancel={() => setResetting(null)}
        confirmTestId="operator-reset-totp-confirm"
      >
        <Typography.Paragraph>{t('operators.resetTotpText')}</Typography.Paragraph>
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
          <TotpCodeField help={t('operators.resetTotpHelp')} testId="operator-reset-totp-code" />
        </Form>
      </FormDialog>
      <FormDialog
        open={adding}
        title={t('operators.addTitle')}
        form={form}
        okText={t('operators.save')}
        cancelText={t('operators.cancel')}
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
            label={t('operators.account')}
            rules={[
              { required: true, whitespace: true, min: 3, max: 64, message: t('operators.accountRule') },
            ]}
          >
            <Input autoComplete="off" data-testid="operator-account" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operators.password')}
            rules={[{ required: true, min: 8, max: 64, message: t('operators.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" data-testid="operator-password" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
          </Form.Item>
        </Form>
      </FormDialog>
    </>
  );
}
