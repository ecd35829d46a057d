/**
 * /pages/withdraw-record/index: every withdrawal, newest first — amount, where to, status, time, and in
 * the details the reference, the payment reference once paid or the reason once rejected; a pending one
 * also its place in the queue and the current median wait (withdrawals in the open).
 */
import type { WithdrawalQueue, WithdrawalView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { type RecordDetail, RecordItem } from '../../../components/ui/record-item.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { formatCents, formatRelativeTime, formatTime } from '../../../lib/format.ts';
import { WITHDRAWALS_OPEN_PATH } from '../../../lib/paths.ts';
import { formatWait } from '../../../lib/wait-duration.ts';
import { useWithdrawalQueue } from '../../../lib/withdrawal-queue.ts';
import { useWithdrawals } from '../api/withdrawals.ts';
import { WITHDRAWAL_TONES } from '../status.ts';
import '../money.css';

function WithdrawalRecord({
  withdrawal,
  queue,
}: {
  withdrawal: WithdrawalView;
  queue: WithdrawalQueue | undefined;
}) {
  const { t } = useTranslation();
  const details: RecordDetail[] = [
    { label: t('records.reference'), value: withdrawal.reference },
    { label: t('records.destination'), value: withdrawal.destinationLabel },
    { label: t('records.createdAt'), value: formatTime(withdrawal.createdAt) },
  ];
  const queued = queue?.items.find((item) => item.id === withdrawal.id);
  if (withdrawal.status === 'pending' && queue && queued) {
    details.push({
      label: t('withdrawalStats.queuePlace'),
      value: t('withdrawalStats.queuePlaceValue', { place: queued.place, count: queue.pendingCount }),
    });
    details.push({
      label: t('withdrawalStats.queueMedian'),
      value: queue.medianWait ? formatWait(queue.medianWait.seconds, t) : t('withdrawalStats.none'),
    });
  }
  if (withdrawal.paymentReference) {
    details.push({ label: t('records.paymentReference'), value: withdrawal.paymentReference });
  }
  if (withdrawal.rejectReason) {
    details.push({ label: t('records.rejectReason'), value: withdrawal.rejectReason });
  }
  if (withdrawal.decidedAt !== null) {
    details.push({ label: t('records.decidedAt'), value: formatTime(withdrawal.decidedAt) });
  }
  return (
    <RecordItem
      title={withdrawal.destinationLabel}
      amount={formatCents(withdrawal.amount)}
      time={formatRelativeTime(withdrawal.createdAt, t)}
      status={{
        raw: withdrawal.status,
        label: t(`withdraw.status.${withdrawal.status}`),
        tone: WITHDRAWAL_TONES[withdrawal.status],
      }}
      details={details}
    />
  );
}

export default function WithdrawalRecordsPage() {
  const { t } = useTranslation();
  const query = useWithdrawals();
  const queue = useWithdrawalQueue();
  return (
    <div className="page">
      <PageHeader title={t('titles.withdrawRecords')} />
      <main className="page__body">
        <RecordsList
          query={query}
          label={t('titles.withdrawRecords')}
          renderItem={(withdrawal) => <WithdrawalRecord withdrawal={withdrawal} queue={queue.data} />}
        />
        <Link className="text-link" to={WITHDRAWALS_OPEN_PATH} data-testid="withdrawal-records-open">
          {t('withdrawalStats.openLink')}
        </Link>
      </main>
    </div>
  );
}
