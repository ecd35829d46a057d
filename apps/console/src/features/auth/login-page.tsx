import { adminLoginResponseSchema, captchaResponseSchema, type OperatorView } from '@tradehall/contracts';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ConsoleApiError, operatorToken, request } from '../../lib/api.ts';

interface LoginValues {
  account: string;
  password: string;
  captchaAnswer: string;
}

export function LoginPage({ onLoggedIn }: { onLoggedIn: (operator: OperatorView) => void }) {
  const [captcha, setCaptcha] = useState<{ id: string; svg: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<LoginValues>();

  const refreshCaptcha = useCallback(async () => {
    try {
      const next = await request('/auth/captcha', captchaResponseSchema);
      setCaptcha({ id: next.captchaId, svg: next.svg });
      form.setFieldValue('captchaAnswer', '');
    } catch {
      setError('Could not load the captcha. Is the server running?');
    }
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (values: LoginValues) => {
    if (!captcha) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await request('/admin/auth/login', adminLoginResponseSchema, {
        method: 'POST',
        body: { ...values, captchaId: captcha.id },
      });
      operatorToken.set(result.token);
      onLoggedIn(result.operator);
    } catch (caught) {
      setError(caught instanceof ConsoleApiError ? caught.message : 'Login failed');
      await refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#0b1a3a' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3}>Tradehall Console</Typography.Title>
        {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item
            label="Account"
            name="account"
            rules={[{ required: true, message: 'Please enter the account' }]}
          >
            <Input autoComplete="username" data-testid="console-account" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Please enter the password' }]}
          >
            <Input.Password autoComplete="current-password" data-testid="console-password" />
          </Form.Item>
          <Form.Item label="Image code" required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="captchaAnswer"
                noStyle
                rules={[{ required: true, message: 'Please enter the image code' }]}
              >
                <Input data-testid="console-captcha" />
              </Form.Item>
              {captcha && (
                <button
                  type="button"
                  onClick={() => void refreshCaptcha()}
                  style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
                  aria-label="Refresh the image code"
                >
                  <img
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
                    alt="Verification code"
                    height={40}
                    data-testid="console-captcha-image"
                  />
                </button>
              )}
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="console-submit">
            Log in
          </Button>
        </Form>
      </Card>
    </div>
  );
}
