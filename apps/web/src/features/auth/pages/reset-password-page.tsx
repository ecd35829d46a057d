/**
 * /pages/reset-password/index: the account, a 6-digit code sent by email (resend after a 60 s countdown,
 * as the server says), then the new password twice.
 */
import { VERIFICATION_CODE_RESEND_SECONDS } from '@tradehall/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { messageText } from '../../../lib/forms/messages.ts';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useNav } from '../../../lib/navigation.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { useRequestPasswordResetCode } from '../api/password-reset-code.ts';
import { checkResetAccount, resetPasswordSchema } from '../forms.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import '../auth.css';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const codeMutation = useRequestPasswordResetCode();
  const resetMutation = useResetPassword();
  const { form, field, onSubmit, pending, showServerErrors } = useFormSubmit({
    schema: resetPasswordSchema,
    defaultValues: { account: '', code: '', password: '', confirmPassword: '' },
    serverFields: ['account', 'code', 'password'],
    send: (request) => resetMutation.mutateAsync(request),
    successToast: t('auth.resetDone'),
    onSuccess: (_, request) => nav.redirectTo(LOGIN_PATH, { account: request.account }),
  });
  const code = field('code');

  // Asking for a code is not the form's submission: only the account is checked, and nothing is reset.
  const sendCode = useDebouncedCallback(async () => {
    if (codeMutation.isPending || secondsLeft > 0) return;
    const account = form.getValues('account');
    const accountError = checkResetAccount(account);
    if (accountError) {
      form.setError('account', { type: 'rule', message: messageText(accountError, t) });
      return;
    }
    return codeMutation.mutateAsync(account.trim()).then(
      (response) => {
        setResendAt(Date.now() + (response.resendAfterSeconds || VERIFICATION_CODE_RESEND_SECONDS) * 1000);
        showToast(t('auth.codeSent'), 'success');
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === 'RESEND_TOO_SOON' && error.retryAfterSeconds) {
          setResendAt(Date.now() + error.retryAfterSeconds * 1000);
        }
        showServerErrors(error);
        toastError(error);
      },
    );
  });

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
            {...field('account')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            testId="reset-account"
          />
          <TextField
            label={t('auth.code')}
            placeholder={t('auth.codePlaceholder')}
            {...code}
            onChange={(value) => code.onChange(value.replace(/\D/g, ''))}
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
            {...field('password')}
            autoComplete="new-password"
            testId="reset-password"
          />
          <TextField
            label={t('auth.confirmPassword')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            type="password"
            {...field('confirmPassword')}
            autoComplete="new-password"
            testId="reset-confirm"
          />
          <SubmitButton
            label={t('auth.resetSubmit')}
            busyLabel={t('auth.resetting')}
            busy={pending}
            testId="reset-submit"
          />
        </form>
      </main>
    </div>
  );
}
