/**
 * /pages/investment-record/index: every position, newest first: the room and round issue, the position
 * (its translated label), amount, odds (the multiplier frozen when it was placed), status and payout.
 */
import type { PositionView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { type RecordDetail, RecordItem } from '../../../components/ui/record-item.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { formatCents, formatMultiplier, formatRelativeTime, formatTime } from '../../../lib/format.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';
import { usePositions } from '../api/positions.ts';
import { betLabel } from '../bets.ts';
import { PositionProofCheck, PositionProofExplainer } from '../components/position-proof-check.tsx';
import { POSITION_TONES } from '../status.ts';
import '../trading.css';

function PositionRecord({ position }: { position: PositionView }) {
  const { t } = useTranslation();
  const details: RecordDetail[] = [
    { label: t('trading.records.room'), value: t(`trading.tiers.${position.tier}`) },
    { label: t('trading.records.issue'), value: position.issue },
    { label: t('trading.records.type'), value: betLabel(position.bet, t) },
    { label: t('trading.records.amount'), value: formatCents(position.amount) },
    { label: t('trading.records.odds'), value: formatMultiplier(position.multiplier) },
    {
      label: t('trading.records.payout'),
      value: position.payout === null ? t('trading.records.notSettled') : formatCents(position.payout),
    },
    { label: t('trading.records.placedAt'), value: formatTime(position.createdAt) },
  ];
  if (position.settledAt !== null) {
    details.push({ label: t('trading.records.settledAt'), value: formatTime(position.settledAt) });
  }
  details.push({
    label: t('trading.positionsCheck.title'),
    value: (
      <Link
        className="text-link"
        to={withQuery(VERIFY_PATH, { room: position.roomId, round: position.roundId })}
        data-testid="record-verify-round"
      >
        {t('trading.positionsCheck.link')}
      </Link>
    ),
  });
  return (
    <RecordItem
      title={
        <>
          <span data-testid="record-bet">{betLabel(position.bet, t)}</span>{' '}
          <span className="record-item__odds" data-testid="record-odds">
            {formatMultiplier(position.multiplier)}
          </span>{' '}
          <span className="record-item__issue" data-testid="record-issue">
            {t('trading.issue', { issue: position.issue })}
          </span>
        </>
      }
      amount={formatCents(position.amount)}
      subtitle={
        <>
          <span data-testid="record-payout">
            {position.payout === null
              ? t('trading.records.notSettled')
              : t('trading.records.payoutValue', { amount: formatCents(position.payout) })}
          </span>{' '}
          <PositionProofCheck position={position} />
        </>
      }
      time={formatRelativeTime(position.createdAt, t)}
      status={{
        raw: position.status,
        label: t(`trading.positionStatus.${position.status}`),
        tone: POSITION_TONES[position.status],
      }}
      details={details}
    />
  );
}

export default function InvestmentRecordsPage() {
  const { t } = useTranslation();
  const query = usePositions();
  return (
    <div className="page">
      <PageHeader title={t('titles.investmentRecords')} />
      <main className="page__body">
        <PositionProofExplainer />
        <RecordsList
          query={query}
          label={t('titles.investmentRecords')}
          renderItem={(position) => <PositionRecord position={position} />}
        />
      </main>
    </div>
  );
}
