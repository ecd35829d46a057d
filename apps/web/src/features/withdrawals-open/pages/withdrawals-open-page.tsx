/**
 * Withdrawals in the open (ours, public): what is waiting now, and over the last 24 hours, 7 and 30
 * days how long paid withdrawals took (median and 95th percentile) and the share rejected; a signed-in
 * user also sees each pending withdrawal's place in the queue. Every figure comes from the server's
 * computation over the withdrawals themselves; the page says what they mean and what they cannot show.
 */
import type { WithdrawalQueue, WithdrawalStats } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatCents, formatTime } from '../../../lib/format.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { formatShare, formatWait } from '../../../lib/wait-duration.ts';
import { useWithdrawalQueue } from '../../../lib/withdrawal-queue.ts';
import { useWithdrawalStats } from '../api/withdrawal-stats.ts';
import '../withdrawals-open.css';

interface Figure {
  label: string;
  value: string;
  testId: string;
}

function Figures({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <dl className="open-figures" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.testId} className="open-figures__figure">
          <dt>{figure.label}</dt>
          <dd data-testid={figure.testId}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PendingNow({ stats }: { stats: WithdrawalStats }) {
  const { t } = useTranslation();
  const { pending, asOf } = stats;
  return (
    <section className="open-section" aria-labelledby="open-pending">
      <h2 id="open-pending">{t('withdrawalStats.pendingTitle')}</h2>
      <Figures
        label={t('withdrawalStats.pendingTitle')}
        figures={[
          {
            label: t('withdrawalStats.pendingCount'),
            value: String(pending.count),
            testId: 'open-pending-count',
          },
          {
            label: t('withdrawalStats.pendingAmount'),
            value: formatCents(pending.amount),
            testId: 'open-pending-amount',
          },
          {
            label: t('withdrawalStats.oldestPending'),
            value:
              pending.oldestRequestedAt === null
                ? t('withdrawalStats.none')
                : formatWait(asOf - pending.oldestRequestedAt, t),
            testId: 'open-oldest-pending',
          },
        ]}
      />
    </section>
  );
}

function Windows({ stats }: { stats: WithdrawalStats }) {
  const { t } = useTranslation();
  const wait = (seconds: number | null) =>
    seconds === null ? t('withdrawalStats.none') : formatWait(seconds, t);
  return (
    <>
      {stats.windows.map((figures) => (
        <section
          key={figures.window}
          className="open-section"
          aria-labelledby={`open-window-${figures.window}`}
        >
          <h2 id={`open-window-${figures.window}`}>{t(`withdrawalStats.windows.${figures.window}`)}</h2>
          <Figures
            label={t(`withdrawalStats.windows.${figures.window}`)}
            figures={[
              {
                label: t('withdrawalStats.median'),
                value: wait(figures.medianSeconds),
                testId: `open-median-${figures.window}`,
              },
              {
                label: t('withdrawalStats.p95'),
                value: wait(figures.p95Seconds),
                testId: `open-p95-${figures.window}`,
              },
              {
                label: t('withdrawalStats.rejectedShare'),
                value:
                  figures.rejectedShare === null
                    ? t('withdrawalStats.none')
                    : formatShare(figures.rejectedShare),
                testId: `open-rejected-${figures.window}`,
              },
            ]}
          />
          <p className="open-section__hint" data-testid={`open-decided-${figures.window}`}>
            {t('withdrawalStats.decided', { paid: figures.paid, rejected: figures.rejected })}
          </p>
        </section>
      ))}
    </>
  );
}

function MyQueue({ queue }: { queue: WithdrawalQueue }) {
  const { t } = useTranslation();
  if (queue.items.length === 0) return null;
  return (
    <section className="open-section" aria-labelledby="open-mine">
      <h2 id="open-mine">{t('withdrawalStats.queueTitle')}</h2>
      <Figures
        label={t('withdrawalStats.queueTitle')}
        figures={queue.items.map((item) => ({
          label: `${item.reference} · ${formatCents(item.amount)}`,
          value: t('withdrawalStats.place', { place: item.place, count: queue.pendingCount }),
          testId: `open-place-${item.reference}`,
        }))}
      />
      <p className="open-section__hint" data-testid="open-my-median">
        {queue.medianWait
          ? t('withdrawalStats.medianWait', {
              wait: formatWait(queue.medianWait.seconds, t),
              window: t(`withdrawalStats.windows.${queue.medianWait.window}`),
            })
          : t('withdrawalStats.noMedian')}
      </p>
    </section>
  );
}

function Explanation() {
  const { t } = useTranslation();
  return (
    <>
      <section className="open-section" aria-labelledby="open-means">
        <h2 id="open-means">{t('withdrawalStats.meansTitle')}</h2>
        <ul className="open-explain">
          <li>{t('withdrawalStats.meansData')}</li>
          <li>{t('withdrawalStats.meansTime')}</li>
          <li>{t('withdrawalStats.meansWindows')}</li>
          <li>{t('withdrawalStats.meansRejected')}</li>
          <li>{t('withdrawalStats.meansQueue')}</li>
        </ul>
      </section>
      <section className="open-section" aria-labelledby="open-cannot">
        <h2 id="open-cannot">{t('withdrawalStats.cannotTitle')}</h2>
        <ul className="open-explain">
          <li>{t('withdrawalStats.cannotPending')}</li>
          <li>{t('withdrawalStats.cannotArrival')}</li>
          <li>{t('withdrawalStats.cannotRecords')}</li>
        </ul>
      </section>
    </>
  );
}

export default function WithdrawalsOpenPage() {
  const { t } = useTranslation();
  const stats = useWithdrawalStats();
  const loggedIn = useIsLoggedIn();
  const queue = useWithdrawalQueue({ enabled: loggedIn });
  return (
    <div className="page">
      <PageHeader title={t('withdrawalStats.title')} />
      <main className="page__body">
        <p className="open-section__hint">{t('withdrawalStats.intro')}</p>
        {stats.data ? (
          <>
            <p className="open-section__hint" data-testid="open-as-of">
              {t('withdrawalStats.asOf', { time: formatTime(stats.data.asOf) })}
            </p>
            <PendingNow stats={stats.data} />
            {loggedIn && queue.data ? <MyQueue queue={queue.data} /> : null}
            <Windows stats={stats.data} />
          </>
        ) : stats.isError ? (
          <ErrorNotice error={stats.error} onRetry={() => void stats.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={6} />
        )}
        <Explanation />
      </main>
    </div>
  );
}
