/**
 * The current code from the operator's authenticator app, asked for by the actions the server takes
 * only with a second factor in hand (step-up): changing where users send money, resetting another
 * operator's two-factor. A code is accepted once; a refused one leaves the dialog open to try again.
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The rule of a 6-digit code field; the message is the caller's, in the current language. */
export const totpCodeRule = (message: string) => ({ required: true, pattern: /^\s*\d{6}\s*$/, message });

export function TotpCodeField({ help, testId }: { help: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="totpCode"
      label={t('common.totpCodeLabel')}
      extra={help}
      rules={[totpCodeRule(t('common.totpCodeRule'))]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        style={{ width: 160 }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
