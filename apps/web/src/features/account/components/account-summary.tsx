/** The head of My account: who, credit score, default registration code (copyable) and the money figures. */
import type { MeResponse } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';

export interface AccountSummaryProps {
  me: MeResponse;
  formatMoney: (cents: number) => string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function AccountSummary({ me, formatMoney }: AccountSummaryProps) {
  const { t } = useTranslation();
  const copy = () => {
    void copyText(me.invitationCode)
      .then((ok) => (ok ? showToast(t('common.copied'), 'success') : showToast(t('common.copyFailed'))))
      .catch(() => {});
  };
  return (
    <section className="account-card" aria-labelledby="account-nickname">
      <div className="account-card__who">
        <div className="account-card__avatar" aria-hidden="true">
          {me.nickname.slice(0, 1).toUpperCase()}
        </div>
        <div>
          <h2 className="account-card__nickname" id="account-nickname" data-testid="mine-nickname">
            {me.nickname}
          </h2>
          <p className="account-card__account">{me.account}</p>
        </div>
        <div className="account-card__credit">
          <span className="account-card__label">{t('account.creditScore')}</span>
          <strong data-testid="mine-credit-score">{me.creditScore}</strong>
        </div>
      </div>
      <div className="account-card__code">
        <span className="account-card__label">{t('account.defaultCode')}</span>
        <strong className="account-card__code-value" data-testid="mine-invitation-code">
          {me.invitationCode}
        </strong>
        <button
          type="button"
          className="text-button"
          onClick={copy}
          aria-label={t('account.copyCode')}
          data-testid="mine-copy-code"
        >
          {t('common.copy')}
        </button>
      </div>
      <dl className="account-card__figures">
        <div>
          <dt>{t('account.balance')}</dt>
          <dd data-testid="mine-balance">{formatMoney(me.balance)}</dd>
        </div>
        <div>
          <dt>{t('account.withdrawable')}</dt>
          <dd data-testid="mine-withdrawable">{formatMoney(me.withdrawable)}</dd>
        </div>
        <div>
          <dt>{t('account.unprocessed')}</dt>
          <dd data-testid="mine-unprocessed">{me.unprocessedCount}</dd>
        </div>
        <div>
          <dt>{t('account.currency')}</dt>
          <dd>{me.currency}</dd>
        </div>
      </dl>
    </section>
  );
}
