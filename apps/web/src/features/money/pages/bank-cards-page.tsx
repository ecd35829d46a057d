/** /pages/mine/qianbaokh (card management): the bound cards with masked numbers, remove, add another. */

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { BIND_CARD_PATH } from '../../../lib/paths.ts';
import { useBankCards } from '../api/bank-cards.ts';
import { useDeleteBankCard } from '../api/delete-bank-card.ts';
import { RemovableList } from '../components/removable-list.tsx';
import '../money.css';

export default function BankCardsPage() {
  const { t } = useTranslation();
  const cards = useBankCards();
  const remove = useDeleteBankCard();
  return (
    <div className="page">
      <PageHeader title={t('titles.bankCards')} />
      <main className="page__body">
        <RemovableList
          query={cards}
          label={t('titles.bankCards')}
          emptyMessage={t('cards.empty')}
          removeConfirm={t('cards.removeConfirm')}
          removedMessage={t('cards.removed')}
          remove={(id) => remove.mutateAsync(id)}
          testIdPrefix="bankcard"
          renderItem={(card) => (
            <>
              <span className="removable-list__title">{card.bankName}</span>
              <span className="mono" data-testid="bankcard-masked">
                {card.maskedNumber}
              </span>
              <span className="removable-list__hint">{card.payee}</span>
            </>
          )}
        />
        <Link className="primary-button primary-button--block" to={BIND_CARD_PATH} data-testid="bankcard-add">
          {t('cards.add')}
        </Link>
      </main>
    </div>
  );
}
