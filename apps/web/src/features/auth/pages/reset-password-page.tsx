/**
 * /pages/reset-password/index: the account, a 6-digit code sent by email (resend after a 60 s countdown,
 * as the server says), then the new password twice.
 */
import { VERIFICATION_CODE_RESEND_SECONDS } from '@tradehall/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import {
  type FieldErrors,
  hasErrors,
  serverFieldErrors,
  translateRuleErrors,
} from '../../../lib/form-errors.ts';
import { useNav } from '../../../lib/navigation.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { useRequestPasswordResetCode } from '../api/password-reset-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { type ResetForm, validateReset, validateResetAccount } from '../validation.ts';

type Field = keyof ResetForm;
const SERVER_FIELDS = ['account', 'code', 'password'] as const;

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [form, setForm] = useState<ResetForm>({ account: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const codeMutation = useRequestPasswordResetCode();
  const resetMutation = useResetPassword();

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const sendCode = useDebouncedCallback(async () => {
    if (codeMutation.isPending || secondsLeft > 0) return;
    const accountError = validateResetAccount(form.account);
    if (accountError) {
      setErrors((current) => ({ ...current, account: t(accountError) }));
      return;
    }
    return codeMutation.mutateAsync(form.account.trim()).then(
      (response) => {
        setResendAt(Date.now() + (response.resendAfterSeconds || VERIFICATION_CODE_RESEND_SECONDS) * 1000);
        showToast(t('auth.codeSent'), 'success');
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === 'RESEND_TOO_SOON' && error.retryAfterSeconds) {
          setResendAt(Date.now() + error.retryAfterSeconds * 1000);
        }
        setErrors(serverFieldErrors(error, SERVER_FIELDS));
        toastError(error);
      },
    );
  });

  const submit = useDebouncedCallback(async () => {
    if (resetMutation.isPending) return;
    const ruleErrors = validateReset(form);
    if (hasErrors(ruleErrors)) {
      setErrors(translateRuleErrors(ruleErrors, (key) => t(key)));
      return;
    }
    const account = form.account.trim();
    return resetMutation
      .mutateAsync({
        account,
        code: form.code.trim(),
        password: form.password,
        confirmPassword: form.confirm,
      })
      .then(
        () => {
          showToast(t('auth.resetDone'), 'success');
          nav.redirectTo('/pages/login/index', { account });
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

  const sendLabel = codeMutation.isPending
    ? t('auth.sendingCode')
    : secondsLeft > 0
      ? t('auth.resendIn', { seconds: secondsLeft })
      : t('auth.sendCode');

  return (
    <div className="page page--auth">
      <PageHeader title={t('titles.resetPassword')} />
      <main className="page__body">
        <p className="page__intro">{t('auth.resetHint')}</p>
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
            testId="reset-account"
          />
          <TextField
            label={t('auth.code')}
            placeholder={t('auth.codePlaceholder')}
            value={form.code}
            onChange={(value) => update('code')(value.replace(/\D/g, ''))}
            error={errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            testId="reset-code"
            addon={
              <button
                type="button"
                className="addon-button"
                onClick={sendCode}
                disabled={codeMutation.isPending || secondsLeft > 0}
                data-testid="reset-send-code"
              >
                {sendLabel}
              </button>
            }
          />
          <TextField
            label={t('auth.newPassword')}
            placeholder={t('auth.passwordRulePlaceholder')}
            type="password"
            value={form.password}
            onChange={update('password')}
            error={errors.password}
            autoComplete="new-password"
            testId="reset-password"
          />
          <TextField
            label={t('auth.confirmPassword')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            type="password"
            value={form.confirm}
            onChange={update('confirm')}
            error={errors.confirm}
            autoComplete="new-password"
            testId="reset-confirm"
          />
          <SubmitButton
            label={t('auth.resetSubmit')}
            busyLabel={t('auth.resetting')}
            busy={resetMutation.isPending}
            testId="reset-submit"
          />
        </form>
      </main>
    </div>
  );
}
