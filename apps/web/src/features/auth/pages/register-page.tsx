/**
 * /pages/register/index: account, password (6–18) twice, the invitation code (required; `?code=` from a
 * shared link prefills it) and an optional email for password recovery. Success leads to login with the
 * account filled in.
 */
import { normalizeInvitationCode } from '@tradehall/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import {
  type FieldErrors,
  hasErrors,
  serverFieldErrors,
  translateRuleErrors,
} from '../../../lib/form-errors.ts';
import { useNav } from '../../../lib/navigation.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { type RegisterForm, validateRegister } from '../validation.ts';

type Field = keyof RegisterForm;
const SERVER_FIELDS = ['account', 'password', 'invitationCode', 'email'] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [params] = useSearchParams();
  const [form, setForm] = useState<RegisterForm>({
    account: '',
    password: '',
    confirm: '',
    invitationCode: params.get('code') ?? '',
    email: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const registerMutation = useRegister();

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = useDebouncedCallback(async () => {
    if (registerMutation.isPending) return;
    const ruleErrors = validateRegister(form);
    if (hasErrors(ruleErrors)) {
      setErrors(translateRuleErrors(ruleErrors, (key) => t(key)));
      return;
    }
    const email = form.email.trim();
    return registerMutation
      .mutateAsync({
        account: form.account,
        password: form.password,
        confirmPassword: form.confirm,
        invitationCode: normalizeInvitationCode(form.invitationCode),
        ...(email === '' ? {} : { email }),
      })
      .then(
        () => {
          showToast(t('auth.registered'), 'success');
          nav.redirectTo('/pages/login/index', { account: form.account });
        },
        (error: unknown) => {
          setErrors(serverFieldErrors(error, SERVER_FIELDS));
          toastError(error);
        },
      );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <div className="page page--auth">
      <PageHeader title={t('titles.register')} />
      <main className="page__body">
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
            testId="register-account"
          />
          <TextField
            label={t('auth.password')}
            placeholder={t('auth.passwordRulePlaceholder')}
            type="password"
            value={form.password}
            onChange={update('password')}
            error={errors.password}
            autoComplete="new-password"
            testId="register-password"
          />
          <TextField
            label={t('auth.confirmPassword')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            type="password"
            value={form.confirm}
            onChange={update('confirm')}
            error={errors.confirm}
            autoComplete="new-password"
            testId="register-confirm"
          />
          <TextField
            label={t('auth.invitationCode')}
            placeholder={t('auth.invitationCodePlaceholder')}
            value={form.invitationCode}
            onChange={update('invitationCode')}
            error={errors.invitationCode}
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
            value={form.email}
            onChange={update('email')}
            error={errors.email}
            autoComplete="email"
            testId="register-email"
          />
          <SubmitButton
            label={t('auth.register')}
            busyLabel={t('auth.registering')}
            busy={registerMutation.isPending}
            testId="register-submit"
          />
        </form>
        <nav className="auth-links">
          <span>
            {t('auth.haveAccount')}{' '}
            <Link to="/pages/login/index" data-testid="register-to-login">
              {t('auth.toLogin')}
            </Link>
          </span>
        </nav>
      </main>
    </div>
  );
}
