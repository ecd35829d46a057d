/**
 * The genre's round table: issue, the three digits, the sum and its categories as coloured chips (size,
 * parity, combination, extreme; voided rounds marked and without chips). The newest 100 come with the
 * figures; older ones load as the end of the list scrolls into view (or on the button). Rows from every
 * answer are kept by round, so a live refresh of the newest page never opens a gap in what was loaded.
 */
import type { TrendRound } from '@tradehall/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOlderTrendRounds } from './trend-rounds.ts';

function RoundRow({ round }: { round: TrendRound }) {
  const { t } = useTranslation();
  const voided = round.status === 'void';
  return (
    <li
      className={`trend-row${voided ? ' trend-row--void' : ''}`}
      data-testid="trend-row"
      data-status={round.status}
    >
      <span className="trend-row__issue">{round.issue}</span>
      <span className="trend-row__digits">{round.digits ? round.digits.join(' + ') : '–'}</span>
      <span className="trend-row__sum" data-testid="trend-row-sum">
        {round.sum ?? '–'}
      </span>
      <span className="trend-row__chips">
        {voided ? (
          <span className="trend-chip trend-chip--void">{t('trading.status.void')}</span>
        ) : round.sum === null ? (
          <span className="trend-chip trend-chip--pending">{t('trading.status.drawing')}</span>
        ) : (
          round.categories.map((category) => (
            <span key={category} className={`trend-chip trend-chip--${category}`} data-testid="trend-chip">
              {t(`trading.bets.${category}`)}
            </span>
          ))
        )}
      </span>
    </li>
  );
}

export function TrendRoundList({
  roomId,
  newest,
  startCursor,
}: {
  roomId: string;
  newest: readonly TrendRound[];
  startCursor: string | null;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const older = useOlderTrendRounds(roomId, startCursor, wanted);
  const seen = useRef(new Map<string, TrendRound>());
  for (const round of [...newest, ...(older.data?.pages.flatMap((page) => page.items) ?? [])]) {
    seen.current.set(round.id, round);
  }
  const rows = [...seen.current.values()].sort(
    (a, b) => b.drawsAt - a.drawsAt || b.issue.localeCompare(a.issue),
  );
  const more = startCursor !== null && (!older.data || older.hasNextPage);

  const loadMore = () => {
    if (!wanted) setWanted(true);
    else if (older.hasNextPage && !older.isFetchingNextPage) void older.fetchNextPage().catch(() => {});
  };
  const sentinel = useRef<HTMLDivElement>(null);
  const latestLoadMore = useRef(loadMore);
  latestLoadMore.current = loadMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latestLoadMore.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (rows.length === 0) return <p className="field__hint">{t('trends.noRounds')}</p>;
  return (
    <section aria-labelledby={`trend-rounds-${roomId}`}>
      <h3 className="section-title" id={`trend-rounds-${roomId}`}>
        {t('trends.roundsTitle')}
      </h3>
      <div className="trend-row trend-row--head" aria-hidden="true">
        <span className="trend-row__issue">{t('trends.issue')}</span>
        <span className="trend-row__digits">{t('trading.digits')}</span>
        <span className="trend-row__sum">{t('trading.sum')}</span>
        <span className="trend-row__chips">{t('trends.categories')}</span>
      </div>
      <ol className="trend-rows" data-testid="trend-rows">
        {rows.map((round) => (
          <RoundRow key={round.id} round={round} />
        ))}
      </ol>
      <div ref={sentinel} />
      {more ? (
        <button
          type="button"
          className="text-button text-button--block"
          onClick={loadMore}
          disabled={older.isFetching}
          data-testid="trend-more"
        >
          {older.isFetching ? t('common.loading') : t('trends.loadOlder')}
        </button>
      ) : null}
    </section>
  );
}
