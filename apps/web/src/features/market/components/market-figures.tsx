/** The day's market figures: trading date, today's volume (stakes placed) and trading users. */
import type { MarketOverview } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents, formatIsoDate } from '../../../lib/format.ts';

export function MarketFigures({ overview }: { overview: MarketOverview }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'date', label: t('market.tradingDate'), value: formatIsoDate(overview.tradingDate) },
    { key: 'volume', label: t('market.todayVolume'), value: formatCents(overview.todayVolume) },
    { key: 'users', label: t('market.tradingUsers'), value: String(overview.tradingUsers) },
  ];
  return (
    <dl className="balance-card market-figures">
      {figures.map((figure) => (
        <div key={figure.key} className="balance-card__figure">
          <dt>{figure.label}</dt>
          <dd data-testid={`market-${figure.key}`}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
