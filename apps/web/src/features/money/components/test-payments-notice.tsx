/**
 * Says that card payments are test payments (the sandbox gateway moves no real money), so nobody takes
 * a demo's "paid" for a real one. Shown wherever a card payment can be started.
 */
import { useTranslation } from 'react-i18next';

export function TestPaymentsNotice({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <aside className="test-payments" data-testid="test-payments">
      <strong className="test-payments__tag">{t('topUp.testPayments')}</strong>
      <span>{t('topUp.testPaymentsHint')}</span>
    </aside>
  );
}
