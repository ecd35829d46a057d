/**
 * /pages/login/index: account, password and image captcha. A failed attempt always gets a fresh captcha
 * (the old one is spent). On success the session is stored and the user returns to where they were sent
 * from (`?redirect=`) or Home; a player on a cool-off or self-exclusion first reads here when it ends (the
 * login's answer names it only once the password is proved) and continues from there.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CaptchaImage } from '../../../components/ui/captcha-image.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatTime } from '../../../lib/format.ts';
import { messageText } from '../../../lib/forms/messages.ts';
import { useSubmission } from '../../../lib/forms/use-submission.ts';
import { useNav } from '../../../lib/navigation.ts';
import {
  LANGUAGE_BEFORE_LOGIN_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  SERVER_LINES_PATH,
  WITHDRAWALS_OPEN_PATH,
} from '../../../lib/paths.ts';
import { useCaptcha } from '../api/captcha.ts';
import { useLogin } from '../api/login.ts';
import { type LoginForm, loginFormRules } from '../login-form.ts';
import { safeRedirect } from '../safe-redirect.ts';
import '../auth.css';

type Field = keyof LoginForm;
type Errors = Partial<Record<Field, string>>;
const FIELDS = ['account', 'password', 'captchaAnswer'] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form, setForm] = useState<LoginForm>({
    account: params.get('account') ?? '',
    password: '',
    captchaAnswer: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [breakEndsAt, setBreakEndsAt] = useState<number | null>(null);
  const goOn = () => nav.reLaunch(safeRedirect(params.get('redirect')));
  const { captcha, loading: captchaLoading, failed: captchaFailed, refresh } = useCaptcha();
  const loginMutation = useLogin();
  const submission = useSubmission(
    {
      serverFields: FIELDS,
      send: (request: LoginForm) => {
        if (!captcha) {
          refresh();
          return undefined;
        }
        return loginMutation.mutateAsync({ ...request, captchaId: captcha.captchaId });
      },
      onSuccess: (response) => {
        // Whatever was cached belonged to the previous session (switch user).
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
        if (response.playBreak) setBreakEndsAt(response.playBreak.endsAt);
        else goOn();
      },
      onError: () => {
        // The captcha is spent: a fresh one, and its answer typed again.
        setForm((current) => ({ ...current, captchaAnswer: '' }));
        refresh();
        return false;
      },
    },
    (field, message) => setErrors((current) => ({ ...current, [field]: message })),
  );

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submission.trigger(() => {
      const rules = loginFormRules(form);
      const messages: Errors = {};
      for (const field of FIELDS) {
        const key = rules[field];
        if (key) messages[field] = messageText(key, t);
      }
      setErrors(messages);
      if (Object.keys(messages).length > 0) return;
      return submission.send({
        account: form.account.trim(),
        password: form.password,
        captchaAnswer: form.captchaAnswer.trim(),
      });
    });
  };

  return (
    <div className="page page--auth">
      <PageHeader
        title={t('titles.login')}
        right={
          <Link className="header-link" to={LANGUAGE_BEFORE_LOGIN_PATH} data-testid="login-language">
            {t('auth.language')}
          </Link>
        }
      />
      <main className="page__body">
        {breakEndsAt !== null ? (
          <section className="auth-break" role="status" data-testid="login-break-notice">
            <h2 className="auth-break__title">{t('auth.breakTitle')}</h2>
            <p>{t('auth.breakRunning', { time: formatTime(breakEndsAt) })}</p>
            <button
              type="button"
              className="primary-button"
              onClick={goOn}
              data-testid="login-break-continue"
            >
              {t('auth.breakContinue')}
            </button>
          </section>
        ) : (
          <>
            <p className="auth-welcome">{t('auth.welcome')}</p>
            <form className="form" onSubmit={onSubmit} noValidate>
              <TextField
                label={t('auth.account')}
                placeholder={t('auth.accountPlaceholder')}
                value={form.account}
                onChange={update('account')}
                error={errors.account}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                testId="login-account"
              />
              <TextField
                label={t('auth.password')}
                placeholder={t('auth.passwordPlaceholder')}
                type="password"
                value={form.password}
                onChange={update('password')}
                error={errors.password}
                autoComplete="current-password"
                testId="login-password"
              />
              <TextField
                label={t('auth.captcha')}
                placeholder={t('auth.captchaPlaceholder')}
                value={form.captchaAnswer}
                onChange={update('captchaAnswer')}
                error={errors.captchaAnswer}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                testId="login-captcha"
                addon={
                  <CaptchaImage
                    svg={captcha?.svg}
                    captchaId={captcha?.captchaId}
                    loading={captchaLoading}
                    failed={captchaFailed}
                    onRefresh={refresh}
                  />
                }
              />
              <SubmitButton
                label={t('auth.login')}
                busyLabel={t('auth.loggingIn')}
                busy={submission.pending}
                testId="login-submit"
              />
            </form>
            <nav className="auth-links">
              <span>
                {t('auth.noAccount')}{' '}
                <Link to={REGISTER_PATH} data-testid="login-to-register">
                  {t('auth.toRegister')}
                </Link>
              </span>
              <Link to={RESET_PASSWORD_PATH} data-testid="login-to-reset">
                {t('auth.forgotPassword')}
              </Link>
              <Link to={WITHDRAWALS_OPEN_PATH} data-testid="login-withdrawals-open">
                {t('withdrawalStats.openLink')}
              </Link>
              <Link to={SERVER_LINES_PATH} data-testid="login-server-lines">
                {t('titles.serverLines')}
              </Link>
            </nav>
          </>
        )}
      </main>
    </div>
  );
}
