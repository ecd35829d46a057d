/**
 * How often a room's recent sums were long (14-27), short, single (odd) and double (even), as uPlot
 * bars, with the counts written out below (the chart's text alternative).
 */
import type { MarketOverview } from '@tradehall/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { CHART_COLORS, CHART_FONT } from './chart-theme.ts';
import { type ChartOptions, UplotChart } from './uplot-chart.tsx';

type Frequencies = MarketOverview['rooms'][number]['frequencies'];
const KINDS = ['long', 'short', 'single', 'double'] as const;

export function FrequencyChart({ frequencies, total }: { frequencies: Frequencies; total: number }) {
  const { t } = useTranslation();
  const labels = KINDS.map((kind) => t(`trading.bets.${kind}`));
  const data = useMemo(
    () => [KINDS.map((_, index) => index), KINDS.map((kind) => frequencies[kind])] as [number[], number[]],
    [frequencies],
  );
  const options = (lib: typeof uPlot): ChartOptions => ({
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.5, KINDS.length - 0.5] }, y: { range: [0, Math.max(total, 1)] } },
    axes: [
      {
        stroke: CHART_COLORS.text,
        grid: { show: false },
        font: CHART_FONT,
        splits: () => KINDS.map((_, index) => index),
        values: (_chart, splits) => splits.map((split) => labels[split] ?? ''),
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
        label: t('market.frequencies', { count: total }),
        stroke: CHART_COLORS.bar,
        fill: CHART_COLORS.bar,
        paths: lib.paths.bars?.({ size: [0.6, 48] }),
        points: { show: false },
      },
    ],
  });
  return (
    <figure className="trend-chart">
      <figcaption className="trend-chart__caption">{t('market.frequencies', { count: total })}</figcaption>
      <UplotChart options={options} data={data} height={140} testId="frequency-chart" />
      <ul className="frequency-legend">
        {KINDS.map((kind, index) => (
          <li key={kind} data-testid={`frequency-${kind}`} data-count={frequencies[kind]}>
            <span>{labels[index]}</span> <strong>{frequencies[kind]}</strong>
          </li>
        ))}
      </ul>
    </figure>
  );
}
