/**
 * States the reserves shown to users beside total liabilities: the amount in dollars (sent as exact
 * cents), how it is backed, the evidence as given, and the admin's current two-factor code (step-up).
 */
import { RESERVE_SCOPES, type ReserveScope, type ReservesUpdateRequest } from '@tradehall/contracts';
import { parseAmount } from '@tradehall/domain';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TotpCodeField } from '../../components/totp-code-field.tsx';

interface Values {
  amount: string;
  scope: ReserveScope;
  evidence: string;
  totpCode: string;
}

export function toRequest(values: Values): ReservesUpdateRequest | null {
  const cents = parseAmount(values.amount.trim());
  if (cents === null) return null;
  return {
    amount: cents,
    scope: values.scope,
    evidence: values.evidence.trim(),
    totpCode: values.totpCode.trim(),
  };
}

export function ReservesDialog({
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (request: ReservesUpdateRequest) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog
      open={open}
      title={t('liabilities.reservesTitle')}
      form={form}
      okText={t('liabilities.save')}
      cancelText={t('liabilities.cancel')}
      pending={pending}
      width={640}
      onCancel={onCancel}
      confirmTestId="liabilities-reserves-save"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ amount: '', scope: 'bank_attestation', evidence: '', totpCode: '' }}
        onFinish={(values) => {
          const request = toRequest(values);
          if (request) onSubmit(request);
        }}
      >
        <Form.Item
          name="amount"
          label={t('liabilities.amount')}
          rules={[
            {
              validator: (_rule, value: string) =>
                parseAmount(String(value ?? '').trim()) === null
                  ? Promise.reject(new Error(t('liabilities.amountRule')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input prefix="$" data-testid="liabilities-reserves-amount" />
        </Form.Item>
        <Form.Item name="scope" label={t('liabilities.scopeLabel')}>
          <Select
            options={RESERVE_SCOPES.map((scope) => ({
              value: scope,
              label: t(`liabilities.scope.${scope}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="evidence"
          label={t('liabilities.evidence')}
          extra={t('liabilities.evidenceHelp')}
          rules={[{ required: true, whitespace: true, message: t('liabilities.evidenceRule') }]}
        >
          <Input.TextArea rows={4} maxLength={4000} data-testid="liabilities-reserves-evidence" />
        </Form.Item>
        <TotpCodeField help={t('liabilities.totpHelp')} testId="liabilities-reserves-totp" />
      </Form>
    </FormDialog>
  );
}
