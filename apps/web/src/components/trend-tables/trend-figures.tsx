/**
 * The figures of a room's trend tables, read the honest way: the chi-square fit in plain words and the
 * reminder that rounds are independent come first; then, for the last 100 or 1,000 counted rounds, each
 * category's and each sum's omission (rounds since it last came) and count beside the count a fair draw
 * expects, with the hot and cold sums.
 */
import type { RoomTrends, TrendFit } from '@tradehall/contracts';
import { isLocale, LOCALE_BCP47 } from '@tradehall/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "0.42", "0.004", "< 0.001": enough digits to read, never a misleading 0. */
export function formatPValue(p: number): string {
  if (p < 0.001) return '< 0.001';
  return p < 0.01 ? p.toFixed(3) : p.toFixed(2);
}

function FitSentence({ fit, drawn }: { fit: TrendFit | null; drawn: number }) {
  const { t } = useTranslation();
  if (!fit) return <p data-testid="trend-fit">{t('trends.fitTooFew', { n: drawn })}</p>;
  const p = formatPValue(fit.pValue);
  return (
    <p data-testid="trend-fit" data-verdict={fit.verdict}>
      {fit.verdict === 'fair'
        ? t('trends.fitFair', { p, rounds: fit.rounds })
        : t('trends.fitUnusual', { p, rounds: fit.rounds })}
    </p>
  );
}

export function TrendFigures({ trends }: { trends: RoomTrends }) {
  const { t, i18n } = useTranslation();
  const [size, setSize] = useState<100 | 1000>(100);
  const window = trends.windows.find((entry) => entry.size === size);
  const number = new Intl.NumberFormat(isLocale(i18n.language) ? LOCALE_BCP47[i18n.language] : undefined, {
    maximumFractionDigits: 1,
  });
  const omissionOf = (sum: number) => trends.omission.sums.find((entry) => entry.sum === sum);
  const categoryOmission = (category: string) =>
    trends.omission.categories.find((entry) => entry.category === category);
  const omissionText = (entry: { omission: number; seen: boolean } | undefined) =>
    entry ? (entry.seen ? String(entry.omission) : t('trends.never', { n: entry.omission })) : '–';
  return (
    <>
      <div className="notice trend-honesty">
        <FitSentence fit={trends.fit} drawn={trends.drawn} />
        <p data-testid="trend-independent">{t('trends.independent')}</p>
      </div>
      <div className="trend-windows" role="tablist" aria-label={t('trends.windowLabel')}>
        {trends.windows.map((entry) => (
          <button
            key={entry.size}
            type="button"
            role="tab"
            aria-selected={entry.size === size}
            className={`trend-window${entry.size === size ? ' trend-window--on' : ''}`}
            onClick={() => setSize(entry.size)}
            data-testid={`trend-window-${entry.size}`}
          >
            {t('trends.window', { size: entry.size })}
          </button>
        ))}
      </div>
      {window ? (
        <>
          <p className="field__hint" data-testid="trend-window-rounds">
            {t('trends.windowRounds', { n: window.rounds })}
          </p>
          {window.rounds > 0 ? (
            <p className="trend-hot-cold" data-testid="trend-hot-cold">
              <span className="trend-hot">{t('trends.hot', { sums: window.hot.join(', ') })}</span>
              <span className="trend-cold">{t('trends.cold', { sums: window.cold.join(', ') })}</span>
            </p>
          ) : null}
          <table className="trend-table" data-testid="trend-categories">
            <caption>{t('trends.categoriesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trends.categories')}</th>
                <th scope="col">{t('trends.omission')}</th>
                <th scope="col">{t('trends.countExpected')}</th>
              </tr>
            </thead>
            <tbody>
              {window.categories.map((entry) => (
                <tr key={entry.category} data-category={entry.category}>
                  <th scope="row">
                    <span className={`trend-chip trend-chip--${entry.category}`}>
                      {t(`trading.bets.${entry.category}`)}
                    </span>
                  </th>
                  <td data-testid="trend-omission">{omissionText(categoryOmission(entry.category))}</td>
                  <td>
                    {entry.count} <span className="trend-expected">({number.format(entry.expected)})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="trend-table" data-testid="trend-sums">
            <caption>{t('trends.sumsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trading.sum')}</th>
                <th scope="col">{t('trends.omission')}</th>
                <th scope="col">{t('trends.countExpected')}</th>
              </tr>
            </thead>
            <tbody>
              {window.sums.map((entry) => (
                <tr
                  key={entry.sum}
                  data-sum={entry.sum}
                  className={
                    window.hot.includes(entry.sum)
                      ? 'trend-table__hot'
                      : window.cold.includes(entry.sum)
                        ? 'trend-table__cold'
                        : undefined
                  }
                >
                  <th scope="row">{entry.sum}</th>
                  <td data-testid="trend-omission">{omissionText(omissionOf(entry.sum))}</td>
                  <td>
                    {entry.count} <span className="trend-expected">({number.format(entry.expected)})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="field__hint">{t('trends.expectedHint')}</p>
        </>
      ) : null}
    </>
  );
}
