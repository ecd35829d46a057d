/**
 * The operator's bank accounts to transfer to, each value with a copy button. The button sits in a
 * second <dd> of its term: a <dl> row may hold only terms and descriptions (screen readers read it so).
 */
import type { FundingMethodsResponse } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

type BankAccount = FundingMethodsResponse['bankAccounts'][number];

export function ReceivingAccounts({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) {
    return (
      <p className="notice" role="status">
        {t('deposit.noBankAccounts')}
      </p>
    );
  }
  return (
    <section className="receiving-accounts" aria-label={t('deposit.transferTo')}>
      <h2 className="section-title">{t('deposit.transferTo')}</h2>
      {accounts.map((account) => (
        <dl key={account.id} className="copy-card" data-testid={`receiving-account-${account.id}`}>
          <div className="copy-card__row">
            <dt>{t('deposit.bankName')}</dt>
            <dd>{account.bankName}</dd>
            <dd className="copy-card__action">
              <CopyButton text={account.bankName} label={t('deposit.copyBankName')} />
            </dd>
          </div>
          <div className="copy-card__row">
            <dt>{t('deposit.accountNumber')}</dt>
            <dd className="mono" data-testid="receiving-account-number">
              {account.accountNumber}
            </dd>
            <dd className="copy-card__action">
              <CopyButton text={account.accountNumber} label={t('deposit.copyAccountNumber')} />
            </dd>
          </div>
          <div className="copy-card__row">
            <dt>{t('deposit.payee')}</dt>
            <dd>{account.payee}</dd>
            <dd className="copy-card__action">
              <CopyButton text={account.payee} label={t('deposit.copyPayee')} />
            </dd>
          </div>
        </dl>
      ))}
    </section>
  );
}
