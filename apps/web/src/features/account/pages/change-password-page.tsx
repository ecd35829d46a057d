/** /pages/login-password-change/index: change the login password (old, new at least 6, confirmation). */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useChangePassword } from '../api/change-password.ts';
import { type ChangePasswordForm, validateChangePassword } from '../validation.ts';

type Field = keyof ChangePasswordForm;
const SERVER_FIELDS = ['oldPassword', 'newPassword'] as const;

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const [form, setForm] = useState<ChangePasswordForm>({ oldPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useChangePassword();

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending) return;
    const ruleErrors = validateChangePassword(form);
    if (hasErrors(ruleErrors)) {
      setErrors(translateRuleErrors(ruleErrors, (key) => t(key)));
      return;
    }
    return mutation
      .mutateAsync({
        oldPassword: form.oldPassword,
        newPassword: form.newPassword,
        confirmPassword: form.confirm,
      })
      .then(
        () => {
          showToast(t('password.changed'), 'success');
          nav.navigateBack();
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
      <PageHeader title={t('titles.loginPassword')} />
      <main className="page__body">
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('password.oldPassword')}
            placeholder={t('password.oldPasswordPlaceholder')}
            type="password"
            value={form.oldPassword}
            onChange={update('oldPassword')}
            error={errors.oldPassword}
            autoComplete="current-password"
            testId="change-old"
          />
          <TextField
            label={t('password.newPassword')}
            placeholder={t('password.newPasswordPlaceholder')}
            type="password"
            value={form.newPassword}
            onChange={update('newPassword')}
            error={errors.newPassword}
            autoComplete="new-password"
            testId="change-new"
          />
          <TextField
            label={t('password.confirmPassword')}
            placeholder={t('password.confirmPasswordPlaceholder')}
            type="password"
            value={form.confirm}
            onChange={update('confirm')}
            error={errors.confirm}
            autoComplete="new-password"
            testId="change-confirm"
          />
          <SubmitButton
            label={t('password.save')}
            busyLabel={t('password.saving')}
            busy={mutation.isPending}
            testId="change-submit"
          />
        </form>
      </main>
    </div>
  );
}
