/**
 * The current code from the operator's authenticator app, asked for by the actions the server takes
 * only with a second factor in hand (step-up): changing where users send money, resetting another
 * operator's two-factor. A code is accepted once; a refused one leaves the dialog open to try again.
 */
import { Form, Input } from 'antd';

export const TOTP_CODE_RULE = { required: true, pattern: /^\s*\d{6}\s*$/, message: 'The code has 6 digits' };

export function TotpCodeField({ help, testId }: { help: string; testId: string }) {
  return (
    <Form.Item name="totpCode" label="Code from your authenticator app" extra={help} rules={[TOTP_CODE_RULE]}>
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
