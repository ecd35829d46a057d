/**
 * Why the withdrawable amount is below the balance: the turnover rule (recharged money becomes
 * withdrawable once stakes of `multiplier` times it have been placed), what is still to be staked, and
 * the rule itself — in place (`rule="inline"`, the assets page) or as a link to it (the withdraw page).
 */
import type { AssetsResponse } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '../../../lib/format.ts';
import { ASSETS_PATH } from '../../../lib/paths.ts';

export const TURNOVER_RULE_PATH = `${ASSETS_PATH}?rule=turnover`;

interface TurnoverNoticeProps {
  turnover: AssetsResponse['turnover'];
  rule: 'inline' | 'link';
  /** Open the rule's explanation at once (the assets page opened from the withdraw page's link). */
  ruleOpen?: boolean;
}

export function TurnoverNotice({ turnover, rule, ruleOpen = false }: TurnoverNoticeProps) {
  const { t } = useTranslation();
  if (turnover.multiplier <= 0 || turnover.stakesOwed <= 0) return null;
  const required = Math.ceil(turnover.totalDeposited * turnover.multiplier);
  return (
    <section className="notice turnover-notice" data-testid="turnover-notice" aria-live="polite">
      <p data-testid="turnover-owed">{t('turnover.owed', { amount: formatCents(turnover.stakesOwed) })}</p>
      <p className="turnover-notice__rule">
        {t('turnover.progress', {
          staked: formatCents(Math.min(turnover.totalStaked, required)),
          required: formatCents(required),
        })}
      </p>
      {rule === 'link' ? (
        <Link className="text-link" to={TURNOVER_RULE_PATH} data-testid="turnover-rule-link">
          {t('turnover.howItWorks')}
        </Link>
      ) : (
        <details open={ruleOpen} data-testid="turnover-rule">
          <summary className="text-link">{t('turnover.howItWorks')}</summary>
          <p className="turnover-notice__rule">{t('turnover.rule', { multiplier: turnover.multiplier })}</p>
        </details>
      )}
    </section>
  );
}
