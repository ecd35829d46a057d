/**
 * The ways to recharge (spec §2 "Deposit"): bank card payment, currency recharge, offline recharge,
 * customer service — each title on one line with its hint under it. Shown by the Top-up tab and by
 * /pages/recharge/chongzhi when it is opened without a payment to wait for.
 */
import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/ui/menu-list.tsx';
import { useFundingMethods } from '../api/funding-methods.ts';
import { TestPaymentsNotice } from './test-payments-notice.tsx';
import '../money.css';
import {
  CARD_RECHARGE_PATH,
  CRYPTO_RECHARGE_PATH,
  OFFLINE_RECHARGE_PATH,
  SUPPORT_PATH,
} from '../../../lib/paths.ts';

export function RechargeMethods() {
  const { t } = useTranslation();
  const methods = useFundingMethods();
  return (
    <>
      <h2 className="section-title">{t('topUp.choose')}</h2>
      <TestPaymentsNotice show={methods.data?.cardPayment.testPayments === true} />
      <div className="top-up-methods">
        <MenuList
          label={t('topUp.choose')}
          entries={[
            {
              key: 'card',
              label: t('topUp.bankCard'),
              hint: t('topUp.bankCardHint'),
              to: CARD_RECHARGE_PATH,
              testId: 'topup-card',
            },
            {
              key: 'currency',
              label: t('topUp.currency'),
              hint: t('topUp.currencyHint'),
              to: CRYPTO_RECHARGE_PATH,
              testId: 'topup-currency',
            },
            {
              key: 'offline',
              label: t('topUp.offline'),
              hint: t('topUp.offlineHint'),
              to: OFFLINE_RECHARGE_PATH,
              testId: 'topup-offline',
            },
            {
              key: 'service',
              label: t('topUp.service'),
              hint: t('topUp.serviceHint'),
              to: SUPPORT_PATH,
              testId: 'topup-service',
            },
          ]}
        />
      </div>
    </>
  );
}
