/**
 * /pages/fund-password-change/index: set the 6-digit payment password, or change it — changing needs the
 * login password (GET /me says whether one exists). With `?redirect=` (the withdraw page sends a user who
 * has none here first) the user goes on there once it is saved; otherwise back.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PasscodeField } from '../../../components/ui/passcode-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { sameAppPath, useNav } from '../../../lib/navigation.ts';
import { errorMessage } from '../../../lib/toast.ts';
import { useMe } from '../api/me.ts';
import { useSetPaymentPassword } from '../api/payment-password.ts';
import { paymentPasswordSchema } from '../forms.ts';
import '../account.css';

export default function PaymentPasswordPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [params] = useSearchParams();
  const me = useMe();
  const mutation = useSetPaymentPassword();
  const changing = me.data?.hasPaymentPassword === true;
  const schema = useMemo(() => paymentPasswordSchema(changing), [changing]);
  const { field, onSubmit, pending } = useFormSubmit({
    schema,
    defaultValues: { loginPassword: '', paymentPassword: '', confirmPaymentPassword: '' },
    serverFields: ['loginPassword', 'paymentPassword'],
    canSubmit: () => me.data !== undefined,
    send: (request) => mutation.mutateAsync(request),
    successToast: t('password.paymentSaved'),
    onSuccess: () => {
      const next = sameAppPath(params.get('redirect'));
      if (next) nav.redirectTo(next);
      else nav.navigateBack();
    },
  });

  return (
    <div className="page">
      <PageHeader title={t('titles.paymentPassword')} />
      <main className="page__body">
        {me.data ? (
          <form className="form" onSubmit={onSubmit} noValidate>
            <p className="page__intro">{changing ? t('password.changePayment') : t('password.setPayment')}</p>
            {changing ? (
              <TextField
                label={t('password.loginPasswordForPayment')}
                placeholder={t('password.loginPasswordForPaymentPlaceholder')}
                type="password"
                {...field('loginPassword')}
                autoComplete="current-password"
                testId="payment-login-password"
              />
            ) : null}
            <PasscodeField
              label={t('password.paymentPassword')}
              hint={t('password.paymentHint')}
              {...field('paymentPassword')}
              testId="payment-password"
            />
            <PasscodeField
              label={t('password.confirmPaymentPassword')}
              {...field('confirmPaymentPassword')}
              testId="payment-confirm"
            />
            <SubmitButton
              label={t('password.save')}
              busyLabel={t('password.saving')}
              busy={pending}
              testId="payment-submit"
            />
          </form>
        ) : me.isError ? (
          <div className="notice" role="alert">
            <p>{errorMessage(me.error)}</p>
            <button type="button" className="text-button" onClick={() => void me.refetch().catch(() => {})}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <DataPlaceholder />
        )}
      </main>
    </div>
  );
}
