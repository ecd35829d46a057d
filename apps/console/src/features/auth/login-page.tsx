/**
 * Console login: account, password and the image captcha; when the server answers TOTP_REQUIRED the
 * form asks for the two-factor code too (with a fresh captcha: each one is good for one attempt).
 */
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ConsoleApiError, operatorToken } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { fetchCaptcha, login } from './api.ts';

/** Why the operator is back on the login page (a catalogue key, so it follows a language switch). */
export type LoginNotice = 'auth.sessionEnded' | 'auth.idleEnded';

interface LoginValues {
  account: string;
  password: string;
  captchaAnswer: string;
  totpCode?: string;
}

export function LoginPage({ notice, onLoggedIn }: { notice: LoginNotice | null; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<{ id: string; svg: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsTotp, setNeedsTotp] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<LoginValues>();

  const refreshCaptcha = useCallback(async () => {
    try {
      const next = await fetchCaptcha();
      setCaptcha({ id: next.captchaId, svg: next.svg });
      form.setFieldValue('captchaAnswer', '');
    } catch {
      // The module's instance, not the hook's t: the callback must not change (and reload the captcha) on a language switch.
      setError(i18n.t('auth.captchaUnavailable'));
    }
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (values: LoginValues) => {
    if (!captcha || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await login({
        account: values.account,
        password: values.password,
        captchaId: captcha.id,
        captchaAnswer: values.captchaAnswer,
        ...(needsTotp && values.totpCode ? { totpCode: values.totpCode.trim() } : {}),
      });
      operatorToken.set(result.token);
      onLoggedIn();
    } catch (caught) {
      if (caught instanceof ConsoleApiError && caught.code === 'TOTP_REQUIRED') {
        setNeedsTotp(true);
      } else {
        setError(caught instanceof ConsoleApiError ? caught.message : t('auth.loginFailed'));
      }
      form.setFieldValue('totpCode', '');
      await refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#0b1a3a' }}>
      <Card style={{ width: 400 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography.Title level={3}>{t('auth.title')}</Typography.Title>
          <LanguageSwitch />
        </div>
        {notice && !error && (
          <Alert
            type="warning"
            title={t(notice)}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="login-notice"
          />
        )}
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
        {needsTotp && !error && (
          <Alert
            type="info"
            title={t('auth.totpPrompt')}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="totp-prompt"
          />
        )}
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item
            label={t('auth.account')}
            name="account"
            rules={[{ required: true, message: t('auth.accountRequired') }]}
          >
            <Input autoComplete="username" data-testid="console-account" />
          </Form.Item>
          <Form.Item
            label={t('auth.password')}
            name="password"
            rules={[{ required: true, message: t('auth.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="console-password" />
          </Form.Item>
          {needsTotp && (
            <Form.Item
              label={t('auth.totpCode')}
              name="totpCode"
              rules={[
                { required: true, message: t('auth.totpCodeRequired') },
                { pattern: /^\s*\d{6}\s*$/, message: t('auth.totpCodeFormat') },
              ]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                data-testid="console-totp"
              />
            </Form.Item>
          )}
          {/* The label names the answer's input (the inner item only binds the value). */}
          <Form.Item label={t('auth.captcha')} htmlFor="console-captcha-input" required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="captchaAnswer"
                noStyle
                rules={[{ required: true, message: t('auth.captchaRequired') }]}
              >
                <Input id="console-captcha-input" data-testid="console-captcha" />
              </Form.Item>
              {captcha && (
                <button
                  type="button"
                  onClick={() => void refreshCaptcha()}
                  style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
                  aria-label={t('auth.captchaRefresh')}
                >
                  <img
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
                    alt={t('auth.captchaAlt')}
                    height={40}
                    data-testid="console-captcha-image"
                  />
                </button>
              )}
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="console-submit">
            {t('auth.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
