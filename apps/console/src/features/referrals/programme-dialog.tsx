/**
 * Sets the referral programme: off, one or two levels, each level's share of the expected edge (in %),
 * and the daily cap per referrer (in dollars, sent as exact cents). Ends with the admin's current
 * two-factor code; the server refuses rates that together give away more than the edge.
 */
import { parseAmount } from '@tradehall/domain';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TotpCodeField } from '../../components/totp-code-field.tsx';
import type { ProgrammeUpdate, ReferralRule } from './api.ts';

interface Values {
  mode: ProgrammeUpdate['mode'];
  level1Percent: number;
  level2Percent: number;
  dailyCap: string;
  totpCode: string;
}

/** Percent with up to two decimals to basis points, exactly. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

export function toProgrammeUpdate(values: Values): ProgrammeUpdate | null {
  const cap = parseAmount(values.dailyCap);
  if (cap === null) return null;
  return {
    mode: values.mode,
    level1RateBps: percentToBps(values.level1Percent),
    level2RateBps: values.mode === 'two_levels' ? percentToBps(values.level2Percent) : 0,
    dailyCapCents: cap,
    totpCode: values.totpCode.trim(),
  };
}

export function ProgrammeDialog({
  rule,
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  rule: ReferralRule | undefined;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (update: ProgrammeUpdate) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const current = rule?.next ?? rule?.inForce;
  return (
    <FormDialog
      open={open && current !== undefined}
      title={t('referral.editTitle')}
      form={form}
      okText={t('referral.save')}
      pending={pending}
      onCancel={onCancel}
      confirmTestId="referral-programme-save"
    >
      {current && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            mode: current.mode,
            level1Percent: current.level1RateBps / 100,
            level2Percent: current.level2RateBps / 100,
            dailyCap: (current.dailyCapCents / 100).toFixed(2),
            totpCode: '',
          }}
          onFinish={(values) => {
            const update = toProgrammeUpdate(values);
            if (update) onSubmit(update);
          }}
        >
          <Form.Item name="mode" label={t('referral.mode')}>
            <Select
              data-testid="referral-mode"
              options={[
                { value: 'off', label: t('referral.modes.off') },
                { value: 'one_level', label: t('referral.modes.one_level') },
                { value: 'two_levels', label: t('referral.modes.two_levels') },
              ]}
            />
          </Form.Item>
          <Form.Item name="level1Percent" label={t('referral.level1Rate')} extra={t('referral.rateHelp')}>
            <InputNumber min={0} max={100} step={0.01} precision={2} data-testid="referral-level1" />
          </Form.Item>
          <Form.Item name="level2Percent" label={t('referral.level2Rate')}>
            <InputNumber min={0} max={100} step={0.01} precision={2} data-testid="referral-level2" />
          </Form.Item>
          <Form.Item
            name="dailyCap"
            label={t('referral.dailyCap')}
            rules={[
              {
                validator: (_rule, value: string) =>
                  parseAmount(value ?? '') === null
                    ? Promise.reject(new Error(t('referral.amountRule')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input prefix="$" style={{ width: 200 }} data-testid="referral-cap" />
          </Form.Item>
          <TotpCodeField help={t('referral.totpHelp')} testId="referral-programme-totp" />
        </Form>
      )}
    </FormDialog>
  );
}
