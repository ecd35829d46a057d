/**
 * The odds table of the rules pages: every position with when it wins (derived from the domain's own
 * rule), its exact probability (winning triples out of 1,000 and as a percentage) and its multiplier at
 * the given house edge, straight from the domain's oddsTable.
 */
import { BET_CATEGORIES } from '@tradehall/domain';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBps, formatMultiplier, formatPerMille } from '../../../lib/format.ts';
import { type WinningCondition, winningCondition } from '../bet-conditions.ts';
import { betLabel, betOdds } from '../bets.ts';

function conditionText(condition: WinningCondition, t: TFunction): string {
  switch (condition.kind) {
    case 'range':
      return t('trading.odds.conditions.range', { min: condition.min, max: condition.max });
    case 'odd':
      return t('trading.odds.conditions.odd');
    case 'even':
      return t('trading.odds.conditions.even');
    case 'oddRange':
      return t('trading.odds.conditions.oddRange', { min: condition.min, max: condition.max });
    case 'evenRange':
      return t('trading.odds.conditions.evenRange', { min: condition.min, max: condition.max });
    case 'exact':
      return t('trading.odds.conditions.exact', { sum: condition.sum });
    case 'sums':
      return t('trading.odds.conditions.sums', { sums: condition.sums.join(', ') });
  }
}

export function OddsTable({ edgeBps, caption }: { edgeBps: number; caption?: string }) {
  const { t } = useTranslation();
  const rows = useMemo(() => betOdds(edgeBps), [edgeBps]);
  return (
    <section className="rules-section" aria-labelledby="odds-title">
      <h2 className="section-title" id="odds-title">
        {t('trading.odds.title')}
      </h2>
      <p className="page__intro" data-testid="odds-edge">
        {t('trading.odds.edge', { edge: formatBps(edgeBps) })}
      </p>
      <div className="table-scroll">
        <table className="odds-table" data-testid="odds-table" data-edge={edgeBps}>
          {caption ? <caption>{caption}</caption> : null}
          <thead>
            <tr>
              <th scope="col">{t('trading.odds.bet')}</th>
              <th scope="col">{t('trading.odds.condition')}</th>
              <th scope="col">{t('trading.odds.probability')}</th>
              <th scope="col">{t('trading.odds.multiplier')}</th>
            </tr>
          </thead>
          {BET_CATEGORIES.map((category) => (
            <tbody key={category} data-testid={`odds-group-${category}`}>
              <tr className="odds-table__group">
                <th scope="colgroup" colSpan={4}>
                  {t(`trading.categories.${category}`)}
                </th>
              </tr>
              {rows
                .filter((row) => row.bet.category === category)
                .map((row) => (
                  <tr key={row.key} data-testid={`odds-row-${row.key}`}>
                    <th scope="row">
                      {row.bet.category === 'both_sides' ? betLabel(row.bet, t) : row.bet.number}
                    </th>
                    <td>{conditionText(winningCondition(row.bet), t)}</td>
                    <td>
                      {t('trading.odds.perMille', { value: row.winningTriples })}
                      <span className="odds-table__percent"> {formatPerMille(row.winningTriples)}</span>
                    </td>
                    <td className="odds-table__multiplier">{formatMultiplier(row.multiplier)}</td>
                  </tr>
                ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
