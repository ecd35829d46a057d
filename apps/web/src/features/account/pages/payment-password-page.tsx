/**
 * /pages/fund-password-change/index: set the 6-digit payment password, or change it — changing needs the
 * login password (GET /me says whether one exists). With `?redirect=` (the withdraw page sends a user who
 * has none here first) the user goes on there once it is saved; otherwise back.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PasscodeField } from '../../../components/ui/passcode-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import {
  type FieldErrors,
  hasErrors,
  serverFieldErrors,
  translateRuleErrors,
} from '../../../lib/form-errors.ts';
import { sameAppPath, useNav } from '../../../lib/navigation.ts';
import { errorMessage, showToast, toastError } from '../../../lib/toast.ts';
import { useMe } from '../api/me.ts';
import { useSetPaymentPassword } from '../api/payment-password.ts';
import { type PaymentPasswordForm, validatePaymentPassword } from '../validation.ts';

type Field = keyof PaymentPasswordForm;
const SERVER_FIELDS = ['loginPassword', 'paymentPassword'] as const;

export default function PaymentPasswordPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [params] = useSearchParams();
  const me = useMe();
  const [form, setForm] = useState<PaymentPasswordForm>({
    loginPassword: '',
    paymentPassword: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useSetPaymentPassword();
  const changing = me.data?.hasPaymentPassword === true;

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending || !me.data) return;
    const ruleErrors = validatePaymentPassword(form, changing);
    if (hasErrors(ruleErrors)) {
      setErrors(translateRuleErrors(ruleErrors, (key) => t(key)));
      return;
    }
    return mutation
      .mutateAsync({
        ...(changing ? { loginPassword: form.loginPassword } : {}),
        paymentPassword: form.paymentPassword,
        confirmPaymentPassword: form.confirm,
      })
      .then(
        () => {
          showToast(t('password.paymentSaved'), 'success');
          const next = sameAppPath(params.get('redirect'));
          if (next) nav.redirectTo(next);
          else nav.navigateBack();
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
                value={form.loginPassword}
                onChange={update('loginPassword')}
                error={errors.loginPassword}
                autoComplete="current-password"
                testId="payment-login-password"
              />
            ) : null}
            <PasscodeField
              label={t('password.paymentPassword')}
              hint={t('password.paymentHint')}
              value={form.paymentPassword}
              onChange={update('paymentPassword')}
              error={errors.paymentPassword}
              testId="payment-password"
            />
            <PasscodeField
              label={t('password.confirmPaymentPassword')}
              value={form.confirm}
              onChange={update('confirm')}
              error={errors.confirm}
              testId="payment-confirm"
            />
            <SubmitButton
              label={t('password.save')}
              busyLabel={t('password.saving')}
              busy={mutation.isPending}
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
