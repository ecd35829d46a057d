/**
 * The trend of a room's results: the sums (0-27) of its last settled rounds, oldest to newest, as a
 * uPlot line over their settlement times. The figures are also listed for screen readers.
 */
import type { MarketOverview } from '@tradehall/contracts';
import { SPECIAL_NUMBER_MAX, SPECIAL_NUMBER_MIN } from '@tradehall/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAxisTime } from '../../../lib/format.ts';
import { CHART_COLORS, CHART_FONT } from './chart-theme.ts';
import { type ChartOptions, UplotChart } from './uplot-chart.tsx';

type Recent = MarketOverview['rooms'][number]['recent'];

export function SumsChart({ recent }: { recent: Recent }) {
  const { t } = useTranslation();
  const oldestFirst = useMemo(() => [...recent].reverse(), [recent]);
  const data = useMemo(
    () =>
      [oldestFirst.map((round) => round.settledAt), oldestFirst.map((round) => round.sum)] as [
        number[],
        number[],
      ],
    [oldestFirst],
  );
  // One result reads `market.recentSums_one`; other counts (and languages without plural forms) the plain key.
  const label = t('market.recentSums', { count: recent.length });
  const options = (): ChartOptions => ({
    legend: { show: false },
    cursor: { show: false },
    // Room on the right for half a time label: the newest point's "2026.11.26" sits on the plot's edge
    // and was cut in two by the canvas.
    padding: [null, 36, null, null],
    scales: { x: { time: true }, y: { range: [SPECIAL_NUMBER_MIN, SPECIAL_NUMBER_MAX] } },
    axes: [
      {
        stroke: CHART_COLORS.text,
        grid: { stroke: CHART_COLORS.grid, width: 1 },
        font: CHART_FONT,
        // The app's own date format (spec §9) in every language, not uPlot's US "2:40pm 11/23/26";
        // two lines per label, ticks far enough apart for them.
        values: (_chart, splits) => splits.map((split) => formatAxisTime(split)),
        space: 90,
        size: 44,
      },
      {
        stroke: CHART_COLORS.text,
        grid: { stroke: CHART_COLORS.grid, width: 1 },
        font: CHART_FONT,
        size: 32,
      },
    ],
    series: [
      {},
      {
        label: t('trading.sum'),
        stroke: CHART_COLORS.line,
        fill: CHART_COLORS.fill,
        width: 2,
        points: { show: true, size: 5, fill: CHART_COLORS.line },
      },
    ],
  });
  return (
    <figure className="trend-chart">
      <figcaption className="trend-chart__caption">{label}</figcaption>
      <UplotChart options={options} data={data} height={160} testId="sums-chart" />
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trading.records.issue')}</th>
            <th scope="col">{t('trading.sum')}</th>
          </tr>
        </thead>
        <tbody>
          {oldestFirst.map((round) => (
            <tr key={round.issue}>
              <td>{round.issue}</td>
              <td>{round.sum}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
