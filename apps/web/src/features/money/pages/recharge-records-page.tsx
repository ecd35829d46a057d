/**
 * /pages/recharge-record/index: every recharge, newest first — who sent it (or how), amount, time, status,
 * and in the details the reference, method, network and transaction hash, receipt, reason and decision time.
 */
import type { DepositView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { AuthorizedImage } from '../../../components/ui/authorized-image.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { type RecordDetail, RecordItem } from '../../../components/ui/record-item.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { formatCents, formatRelativeTime, formatTime } from '../../../lib/format.ts';
import { useRecharges } from '../api/recharges.ts';
import { RECHARGE_TONES } from '../status.ts';
import '../money.css';

function DepositRecord({ deposit }: { deposit: DepositView }) {
  const { t } = useTranslation();
  const method = t(`deposit.methods.${deposit.method}`);
  const details: RecordDetail[] = [
    { label: t('records.reference'), value: deposit.reference },
    { label: t('records.method'), value: method },
    { label: t('records.createdAt'), value: formatTime(deposit.createdAt) },
  ];
  if (deposit.network) details.push({ label: t('records.network'), value: deposit.network });
  if (deposit.txHash) {
    details.push({
      label: t('records.txHash'),
      value: <span className="break-all">{deposit.txHash}</span>,
    });
  }
  if (deposit.receiptUrl) {
    details.push({
      label: t('records.receipt'),
      // Served to its owner only: an API path is fetched with the session's token.
      value: deposit.receiptUrl.startsWith('/api/') ? (
        <AuthorizedImage src={deposit.receiptUrl} alt={t('records.viewReceipt')} testId="record-receipt" />
      ) : (
        <a href={deposit.receiptUrl} target="_blank" rel="noreferrer">
          {t('records.viewReceipt')}
        </a>
      ),
    });
  }
  if (deposit.rejectReason) details.push({ label: t('records.rejectReason'), value: deposit.rejectReason });
  if (deposit.decidedAt !== null) {
    details.push({ label: t('records.decidedAt'), value: formatTime(deposit.decidedAt) });
  }
  return (
    <RecordItem
      title={deposit.depositorName ?? method}
      amount={formatCents(deposit.amount)}
      time={formatRelativeTime(deposit.createdAt, t)}
      status={{
        raw: deposit.status,
        label: t(`deposit.status.${deposit.status}`),
        tone: RECHARGE_TONES[deposit.status],
      }}
      details={details}
    />
  );
}

export default function RechargeRecordsPage() {
  const { t } = useTranslation();
  const query = useRecharges();
  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeRecords')} />
      <main className="page__body">
        <RecordsList
          query={query}
          label={t('titles.rechargeRecords')}
          renderItem={(deposit) => <DepositRecord deposit={deposit} />}
        />
      </main>
    </div>
  );
}
