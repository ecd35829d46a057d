/**
 * /pages/transaction-record/index: every ledger transfer touching the user, newest first: why (its code,
 * translated), the signed amount (in green, out in red) and when.
 */
import type { TransactionView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RecordItem } from '../../../components/ui/record-item.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { formatCents, formatRelativeTime } from '../../../lib/format.ts';
import { useTransactions } from '../api/transactions.ts';

function TransactionRecord({ transaction }: { transaction: TransactionView }) {
  const { t } = useTranslation();
  const incoming = transaction.amount > 0;
  return (
    <RecordItem
      title={t(`records.ledger.${transaction.code}`)}
      // A credit shows its plus sign; formatMoney already puts the minus on a debit.
      amount={`${incoming ? '+' : ''}${formatCents(transaction.amount)}`}
      amountTone={incoming ? 'in' : 'out'}
      time={formatRelativeTime(transaction.createdAt, t)}
      code={transaction.code}
    />
  );
}

export default function TransactionRecordsPage() {
  const { t } = useTranslation();
  const query = useTransactions();
  return (
    <div className="page">
      <PageHeader title={t('titles.transactionRecords')} />
      <main className="page__body">
        <RecordsList
          query={query}
          label={t('titles.transactionRecords')}
          renderItem={(transaction) => <TransactionRecord transaction={transaction} />}
        />
      </main>
    </div>
  );
}
