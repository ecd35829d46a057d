/**
 * /pages/revenue-record/index: settled profit and loss per round, newest first: room and issue, the
 * profit (payout minus staked; green when positive, red when negative), and in the details what was
 * staked and paid out.
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { RecordTone } from '../../../components/ui/record-item.tsx';
import { RecordItem } from '../../../components/ui/record-item.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { formatCents, formatRelativeTime, formatSignedCents, formatTime } from '../../../lib/format.ts';
import { type RevenueRecord, useRevenue } from '../api/revenue.ts';
import '../trading.css';

const OUTCOME_TONES: Record<'profit' | 'loss' | 'even', RecordTone> = {
  profit: 'success',
  loss: 'failure',
  even: 'neutral',
};

function RevenueEntry({ item }: { item: RevenueRecord }) {
  const { t } = useTranslation();
  const outcome = item.profit > 0 ? 'profit' : item.profit < 0 ? 'loss' : 'even';
  return (
    <RecordItem
      title={t('trading.records.roundTitle', { room: t(`trading.tiers.${item.tier}`), issue: item.issue })}
      amount={formatSignedCents(item.profit)}
      amountTone={item.profit > 0 ? 'in' : item.profit < 0 ? 'out' : undefined}
      subtitle={t('trading.records.stakedAndPaid', {
        staked: formatCents(item.staked),
        payout: formatCents(item.payout),
      })}
      time={formatRelativeTime(item.settledAt, t)}
      status={{ raw: outcome, label: t(`trading.records.outcome.${outcome}`), tone: OUTCOME_TONES[outcome] }}
      details={[
        { label: t('trading.records.staked'), value: formatCents(item.staked) },
        { label: t('trading.records.payout'), value: formatCents(item.payout) },
        { label: t('trading.records.profit'), value: formatSignedCents(item.profit) },
        { label: t('trading.records.settledAt'), value: formatTime(item.settledAt) },
      ]}
    />
  );
}

export default function RevenueRecordsPage() {
  const { t } = useTranslation();
  const query = useRevenue();
  return (
    <div className="page">
      <PageHeader title={t('titles.revenueRecords')} />
      <main className="page__body">
        <RecordsList
          query={query}
          label={t('titles.revenueRecords')}
          renderItem={(item) => <RevenueEntry item={item} />}
        />
      </main>
    </div>
  );
}
