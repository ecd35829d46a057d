/**
 * A referrer's override from the next business day: excluded, or rates of their own (blank: the
 * programme's), always with a reason and the admin's current two-factor code. The server refuses a level
 * 1 above what the programme's level 2 leaves of the edge, and any raised level 2 (decision 0030).
 */
import { Checkbox, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TotpCodeField } from '../../components/totp-code-field.tsx';
import type { OverrideUpdate } from './api.ts';
import { percentToBps } from './programme-dialog.tsx';

interface Values {
  excluded: boolean;
  level1Percent: number | null;
  level2Percent: number | null;
  reason: string;
  totpCode: string;
}

export function toOverrideUpdate(values: Values): OverrideUpdate {
  const rate = (percent: number | null) =>
    percent === null || percent === undefined ? null : percentToBps(percent);
  return {
    excluded: values.excluded,
    level1RateBps: rate(values.level1Percent),
    level2RateBps: rate(values.level2Percent),
    reason: values.reason.trim(),
    totpCode: values.totpCode.trim(),
  };
}

export function OverrideDialog({
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (update: OverrideUpdate) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog
      open={open}
      title={t('referral.overrideTitle')}
      form={form}
      okText={t('referral.save')}
      pending={pending}
      onCancel={onCancel}
      confirmTestId="referral-override-save"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          excluded: false,
          level1Percent: null,
          level2Percent: null,
          reason: '',
          totpCode: '',
        }}
        onFinish={(values) => onSubmit(toOverrideUpdate(values))}
      >
        <Form.Item name="excluded" valuePropName="checked">
          <Checkbox data-testid="referral-override-excluded">{t('referral.excluded')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="level1Percent"
          label={t('referral.level1Rate')}
          extra={t('referral.overrideRateHelp')}
        >
          <InputNumber min={0} max={100} step={0.01} precision={2} />
        </Form.Item>
        <Form.Item name="level2Percent" label={t('referral.level2Rate')}>
          <InputNumber min={0} max={100} step={0.01} precision={2} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('referral.reason')}
          rules={[{ required: true, whitespace: true, message: t('referral.reasonRule') }]}
        >
          <Input.TextArea maxLength={500} data-testid="referral-override-reason" />
        </Form.Item>
        <TotpCodeField help={t('referral.totpHelp')} testId="referral-override-totp" />
      </Form>
    </FormDialog>
  );
}
