/**
 * /pages/register/index: account, password (6–18) twice, the invitation code (required; `?code=` from a
 * shared link prefills it) and an optional email for password recovery. Success leads to login with the
 * account filled in.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useNav } from '../../../lib/navigation.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { useRegister } from '../api/register.ts';
import { registerSchema } from '../forms.ts';
import '../auth.css';

export default function RegisterPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [params] = useSearchParams();
  const registerMutation = useRegister();
  const { field, onSubmit, pending } = useFormSubmit({
    schema: registerSchema,
    defaultValues: {
      account: '',
      password: '',
      confirmPassword: '',
      invitationCode: params.get('code') ?? '',
      email: '',
    },
    serverFields: ['account', 'password', 'invitationCode', 'email'],
    send: (request) => registerMutation.mutateAsync(request),
    successToast: t('auth.registered'),
    onSuccess: (_, request) => nav.redirectTo(LOGIN_PATH, { account: request.account }),
  });

  return (
    <div className="page page--auth">
      <PageHeader title={t('titles.register')} />
      <main className="page__body">
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('auth.account')}
            placeholder={t('auth.accountPlaceholder')}
            {...field('account')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            testId="register-account"
          />
          <TextField
            label={t('auth.password')}
            placeholder={t('auth.passwordRulePlaceholder')}
            type="password"
            {...field('password')}
            autoComplete="new-password"
            testId="register-password"
          />
          <TextField
            label={t('auth.confirmPassword')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            type="password"
            {...field('confirmPassword')}
            autoComplete="new-password"
            testId="register-confirm"
          />
          <TextField
            label={t('auth.invitationCode')}
            placeholder={t('auth.invitationCodePlaceholder')}
            {...field('invitationCode')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            testId="register-invitation"
          />
          <TextField
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            inputMode="email"
            {...field('email')}
            autoComplete="email"
            testId="register-email"
          />
          <SubmitButton
            label={t('auth.register')}
            busyLabel={t('auth.registering')}
            busy={pending}
            testId="register-submit"
          />
        </form>
        <nav className="auth-links">
          <span>
            {t('auth.haveAccount')}{' '}
            <Link to={LOGIN_PATH} data-testid="register-to-login">
              {t('auth.toLogin')}
            </Link>
          </span>
        </nav>
      </main>
    </div>
  );
}
