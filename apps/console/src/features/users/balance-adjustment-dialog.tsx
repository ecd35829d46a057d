/**
 * A balance adjustment: a signed dollar amount converted to integer cents by the domain's money module,
 * a reason, and one idempotency key per opening of the dialog, so a retried or double-clicked submit
 * moves the money once.
 */
import { formatMoney } from '@tradehall/domain';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonField } from '../../components/reason-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { parseSignedAmount } from '../../lib/signed-amount.ts';

interface Values {
  amount: string;
  reason: string;
}

export interface AdjustmentInput {
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export function BalanceAdjustmentDialog({
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: AdjustmentInput) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('users.adjustTitle')} onCancel={onCancel} destroyOnHidden footer={null}>
      {/* Mounted per opening: the key below is generated once for this opening and kept across retries. */}
      {open && <AdjustmentForm pending={pending} onCancel={onCancel} onSubmit={onSubmit} />}
    </Modal>
  );
}

function AdjustmentForm({
  pending,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: AdjustmentInput) => void;
}) {
  const { t } = useTranslation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [form] = Form.useForm<Values>();
  const typed = Form.useWatch('amount', form) ?? '';
  const cents = parseSignedAmount(typed);

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => {
        const amount = parseSignedAmount(values.amount);
        if (amount === null || amount === 0) return;
        onSubmit({ amount, reason: values.reason.trim(), idempotencyKey });
      }}
    >
      <Typography.Paragraph type="secondary">{t('users.adjustHint')}</Typography.Paragraph>
      <Form.Item
        name="amount"
        label={t('users.adjustAmount')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const parsed = parseSignedAmount(value ?? '');
              if (parsed === null || parsed === 0) throw new Error(t('users.adjustAmountInvalid'));
            },
          },
        ]}
      >
        <Input placeholder="-12.50" data-testid="adjust-amount" />
      </Form.Item>
      {cents !== null && cents !== 0 && (
        <Typography.Paragraph data-testid="adjust-preview">
          {t('users.adjustPreview', { amount: cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents) })}
        </Typography.Paragraph>
      )}
      <ReasonField testId="adjust-reason" />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel} disabled={pending}>
          {t('users.cancel')}
        </Button>
        <SubmitButton pending={pending} testId="adjust-confirm">
          {t('users.adjust')}
        </SubmitButton>
      </div>
    </Form>
  );
}
