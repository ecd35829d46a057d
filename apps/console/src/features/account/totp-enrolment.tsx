/**
 * Two-factor enrolment: ask the server for a secret, show it and its QR code, and turn two-factor on
 * with a code from the authenticator (the secret is inactive until then).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { SubmitButton } from '../../components/submit-button.tsx';
import { meQueryKey } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { confirmTotp, enrolTotp } from './api.ts';
import { QrCode } from './qr-code.tsx';
import { accountStrings as s } from './strings.ts';

export function TotpEnrolment() {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const start = useAction({ run: () => enrolTotp(), onDone: setEnrolment });
  const confirm = useAction({
    run: (code: string) => confirmTotp(code),
    success: s.enrolled,
    invalidates: [['admin', 'operators']],
    onDone: (profile) => {
      queryClient.setQueryData(meQueryKey, profile);
      setEnrolment(null);
    },
  });

  if (!enrolment) {
    return (
      <Button
        type="primary"
        loading={start.pending}
        onClick={() => void start.trigger(undefined)}
        data-testid="totp-start"
      >
        {s.start}
      </Button>
    );
  }
  return (
    <Space align="start" size="large">
      <QrCode text={enrolment.otpauthUrl} alt={s.qrAlt} />
      <div style={{ maxWidth: 420 }}>
        <Typography.Paragraph>{s.step1}</Typography.Paragraph>
        <Typography.Paragraph>
          {s.secret}:{' '}
          <Typography.Text code copyable data-testid="totp-secret">
            {enrolment.secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Form form={form} layout="inline" onFinish={(values) => void confirm.trigger(values.code.trim())}>
          <Form.Item name="code" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: s.codeRule }]}>
            <Input
              placeholder={s.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              style={{ width: 140 }}
              data-testid="totp-code"
            />
          </Form.Item>
          <SubmitButton pending={confirm.pending} testId="totp-confirm">
            {s.confirm}
          </SubmitButton>
        </Form>
        <Button
          type="link"
          style={{ padding: 0, marginTop: 8 }}
          disabled={start.pending}
          onClick={() => void start.trigger(undefined)}
        >
          {s.restart}
        </Button>
      </div>
    </Space>
  );
}
