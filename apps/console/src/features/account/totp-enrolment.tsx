/**
 * Two-factor enrolment: ask the server for a secret, show it and its QR code, and turn two-factor on
 * with a code from the authenticator (the secret is inactive until then). Replacing an active secret
 * starts with a code of the current one: the server refuses to hand out a new secret without it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button.tsx';
import { totpCodeRule } from '../../components/totp-code-field.tsx';
import { meQueryKey } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { confirmTotp, enrolTotp } from './api.ts';
import { QrCode } from './qr-code.tsx';

export function TotpEnrolment({
  replacing,
  autoStart = false,
}: {
  replacing: boolean;
  /** Ask for a secret at once, so the QR code shows without a click (the enrolment prompt). */
  autoStart?: boolean;
}) {
  const { t } = useTranslation();
  const codeRule = totpCodeRule(t('account.codeRule'));
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const [currentForm] = Form.useForm<{ currentCode: string }>();
  const start = useAction({
    run: (currentCode: string | undefined) => enrolTotp(currentCode),
    onDone: setEnrolment,
  });
  const confirm = useAction({
    run: (code: string) => confirmTotp(code),
    success: replacing ? t('account.replaced') : t('account.enrolled'),
    invalidates: [['admin', 'operators']],
    onDone: (profile) => {
      queryClient.setQueryData(meQueryKey, profile);
      setEnrolment(null);
    },
  });

  const started = useRef(false);
  const { trigger: startNow } = start;
  useEffect(() => {
    if (!autoStart || replacing || started.current) return;
    started.current = true;
    void startNow(undefined);
  }, [autoStart, replacing, startNow]);

  if (!enrolment && replacing) {
    return (
      <Form
        form={currentForm}
        layout="inline"
        onFinish={(values) => void start.trigger(values.currentCode.trim())}
      >
        <Form.Item name="currentCode" rules={[codeRule]}>
          <Input
            placeholder={t('account.currentCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            style={{ width: 140 }}
            data-testid="totp-current-code"
          />
        </Form.Item>
        <SubmitButton pending={start.pending} testId="totp-replace">
          {t('account.replace')}
        </SubmitButton>
      </Form>
    );
  }
  if (!enrolment) {
    return (
      <Button
        type="primary"
        loading={start.pending}
        onClick={() => void start.trigger(undefined)}
        data-testid="totp-start"
      >
        {t('account.start')}
      </Button>
    );
  }
  return (
    <Space align="start" size="large">
      <QrCode text={enrolment.otpauthUrl} alt={t('account.qrAlt')} />
      <div style={{ maxWidth: 420 }}>
        <Typography.Paragraph>{t('account.step1')}</Typography.Paragraph>
        <Typography.Paragraph>
          {t('account.secret')}:{' '}
          <Typography.Text code copyable data-testid="totp-secret">
            {enrolment.secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Form form={form} layout="inline" onFinish={(values) => void confirm.trigger(values.code.trim())}>
          <Form.Item name="code" rules={[codeRule]}>
            <Input
              placeholder={t('account.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              style={{ width: 140 }}
              data-testid="totp-code"
            />
          </Form.Item>
          <SubmitButton pending={confirm.pending} testId="totp-confirm">
            {t('account.confirm')}
          </SubmitButton>
        </Form>
        <Button
          type="link"
          style={{ padding: 0, marginTop: 8 }}
          disabled={start.pending}
          // A replacement starts over from a current code; a first enrolment just asks again.
          onClick={() => (replacing ? setEnrolment(null) : void start.trigger(undefined))}
        >
          {t('account.restart')}
        </Button>
      </div>
    </Space>
  );
}
