/**
 * /pages/transaction-record/index: every ledger transfer touching the user, newest first: why (its code,
 * translated), what for (the position with its round and room, the recharge or withdrawal), the signed
 * amount (in green, out in red), the balance right after it, and when. A won position's payout is one
 * line (stake returned and winnings together, split in its details).
 */

import type { TransactionView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { RecordDetail } from '../../../components/ui/record-item.tsx';
import { RecordItem } from '../../../components/ui/record-item.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { formatCents, formatRelativeTime, formatTime } from '../../../lib/format.ts';
import { useTransactions } from '../api/transactions.ts';
import { betLabel, describePurpose } from '../components/transaction-purpose.ts';
import '../money.css';

function TransactionRecord({ transaction }: { transaction: TransactionView }) {
  const { t } = useTranslation();
  const incoming = transaction.amount > 0;
  const { purpose } = transaction;
  const described = describePurpose(purpose, t);
  const details: RecordDetail[] = [
    { label: t('transactions.time'), value: formatTime(transaction.createdAt) },
  ];
  if (purpose.type === 'position') {
    details.push(
      { label: t('transactions.position'), value: betLabel(purpose, t) },
      { label: t('transactions.round'), value: purpose.issue },
      { label: t('transactions.room'), value: t(`trading.tiers.${purpose.tier}`) },
    );
    if (transaction.code === 'payout' && transaction.amount > purpose.stake) {
      details.push(
        { label: t('transactions.stakeReturned'), value: formatCents(purpose.stake) },
        { label: t('transactions.winnings'), value: formatCents(transaction.amount - purpose.stake) },
      );
    }
  } else if (purpose.type === 'deposit' || purpose.type === 'withdrawal') {
    details.push({ label: t('records.reference'), value: purpose.reference });
  }
  if (transaction.balanceAfter !== null) {
    details.push({ label: t('transactions.balanceAfter'), value: formatCents(transaction.balanceAfter) });
  }
  return (
    <RecordItem
      title={t(`records.ledger.${transaction.code}`)}
      // A credit shows its plus sign; formatMoney already puts the minus on a debit.
      amount={`${incoming ? '+' : ''}${formatCents(transaction.amount)}`}
      amountTone={incoming ? 'in' : 'out'}
      subtitle={
        <>
          {described ? (
            <span className="transaction-line__purpose" data-testid="transaction-purpose">
              {described}
            </span>
          ) : null}
          {transaction.balanceAfter !== null ? (
            <span className="transaction-line__balance" data-testid="transaction-balance-after">
              {t('transactions.balanceAfterLine', { amount: formatCents(transaction.balanceAfter) })}
            </span>
          ) : null}
        </>
      }
      time={formatRelativeTime(transaction.createdAt, t)}
      code={transaction.code}
      details={details}
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
