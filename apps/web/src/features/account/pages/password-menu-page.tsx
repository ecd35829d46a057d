/** /pages/login-password-change/mima: password management — the login password and the payment password. */
import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/ui/menu-list.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LOGIN_PASSWORD_PATH, PAYMENT_PASSWORD_PATH } from '../../../lib/paths.ts';
import '../account.css';

export default function PasswordMenuPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('titles.passwordManagement')} />
      <main className="page__body">
        <MenuList
          entries={[
            {
              key: 'login',
              label: t('password.loginEntry'),
              hint: t('password.loginEntryHint'),
              to: LOGIN_PASSWORD_PATH,
              testId: 'passwords-login',
            },
            {
              key: 'payment',
              label: t('password.paymentEntry'),
              hint: t('password.paymentEntryHint'),
              to: PAYMENT_PASSWORD_PATH,
              testId: 'passwords-payment',
            },
          ]}
        />
      </main>
    </div>
  );
}
