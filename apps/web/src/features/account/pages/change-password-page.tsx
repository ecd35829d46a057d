/** /pages/login-password-change/index: change the login password (old, new at least 6, confirmation). */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useNav } from '../../../lib/navigation.ts';
import { useChangePassword } from '../api/change-password.ts';
import { changePasswordSchema } from '../forms.ts';
import '../account.css';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const mutation = useChangePassword();
  const { field, onSubmit, pending } = useFormSubmit({
    schema: changePasswordSchema,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    serverFields: ['oldPassword', 'newPassword'],
    send: (request) => mutation.mutateAsync(request),
    successToast: t('password.changed'),
    onSuccess: () => nav.navigateBack(),
  });

  return (
    <div className="page">
      <PageHeader title={t('titles.loginPassword')} />
      <main className="page__body">
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('password.oldPassword')}
            placeholder={t('password.oldPasswordPlaceholder')}
            type="password"
            {...field('oldPassword')}
            autoComplete="current-password"
            testId="change-old"
          />
          <TextField
            label={t('password.newPassword')}
            placeholder={t('password.newPasswordPlaceholder')}
            type="password"
            {...field('newPassword')}
            autoComplete="new-password"
            testId="change-new"
          />
          <TextField
            label={t('password.confirmPassword')}
            placeholder={t('password.confirmPasswordPlaceholder')}
            type="password"
            {...field('confirmPassword')}
            autoComplete="new-password"
            testId="change-confirm"
          />
          <SubmitButton
            label={t('password.save')}
            busyLabel={t('password.saving')}
            busy={pending}
            testId="change-submit"
          />
        </form>
      </main>
    </div>
  );
}
