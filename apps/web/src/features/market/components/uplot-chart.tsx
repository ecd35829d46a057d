/**
 * A uPlot chart in a box of fixed height (no layout shift while it loads), sized to its container's
 * width and redrawn when that changes. uPlot is loaded on first use (uplot-module.ts). The canvas is
 * decorative for assistive technology: every chart comes with its figures in text beside it. Where the
 * browser cannot draw (no canvas, no matchMedia: e.g. the unit tests' jsdom) nothing is loaded at all.
 */

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { importChunk } from '../../../lib/timeout.ts';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

export interface UplotChartProps {
  /** Builds the options with the uPlot module at hand (for its path builders). */
  options: (lib: typeof uPlot) => ChartOptions;
  data: uPlot.AlignedData;
  height: number;
  testId?: string;
}

function canDraw(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export function UplotChart({ options, data, height, testId }: UplotChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const latestOptions = useRef(options);
  latestOptions.current = options;

  // `language` is a dependency on purpose: the axis labels are translated, so a new language redraws.
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw on a language change
  useEffect(() => {
    const element = box.current;
    if (!element || !canDraw()) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    importChunk(() => import('./uplot-module.ts')).then(
      ({ default: UPlot }) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 200);
        chart = new UPlot({ ...latestOptions.current(UPlot), width, height }, data, element);
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: Math.max(element.clientWidth, 200), height });
        });
        observer.observe(element);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [data, height, language]);

  return (
    <div className="chart" style={{ height }} aria-hidden="true" data-testid={testId}>
      <div ref={box} className="chart__canvas" />
      {failed ? <p className="chart__failed">{t('market.chartFailed')}</p> : null}
    </div>
  );
}
