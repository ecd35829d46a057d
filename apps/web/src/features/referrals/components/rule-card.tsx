/**
 * The rule in force, as the operator set it, with a worked example: rewards are a share of the house's
 * expected edge (decision 0030), which a player reads best from one bet they know.
 */
import type { ReferralProgrammeView, ReferralRule } from '@tradehall/contracts';
import {
  EDGE_UNITS_PER_CENT,
  levelRateBps,
  positionEdgeUnits,
  referralLevels,
  rewardCents,
} from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { formatBps, formatCents, formatIsoDate } from '../../../lib/format.ts';

/** The example: $100 on long at x1.96 (a 1-in-2 chance, 2 % edge). */
const EXAMPLE_STAKE = 10_000;
const EXAMPLE_EDGE = positionEdgeUnits({ category: 'both_sides', type: 'long' }, EXAMPLE_STAKE, 196);

function RuleText({ programme }: { programme: ReferralProgrammeView }) {
  const { t } = useTranslation();
  const levels = referralLevels(programme.mode);
  if (levels.length === 0) return <p data-testid="team-rule-off">{t('referral.ruleOff')}</p>;
  const level1 = levelRateBps(programme, 1);
  return (
    <>
      <p data-testid="team-rule-level1">{t('referral.ruleLevel1', { rate: formatBps(level1) })}</p>
      {levels.includes(2) ? (
        <p>{t('referral.ruleLevel2', { rate: formatBps(levelRateBps(programme, 2)) })}</p>
      ) : null}
      <p>{t('referral.ruleCap', { cap: formatCents(programme.dailyCapCents) })}</p>
      <p className="team-card__hint" data-testid="team-rule-example">
        {t('referral.ruleExample', {
          stake: formatCents(EXAMPLE_STAKE),
          edge: formatCents(Math.floor(EXAMPLE_EDGE / EDGE_UNITS_PER_CENT)),
          reward: formatCents(rewardCents(EXAMPLE_EDGE, level1)),
        })}
      </p>
    </>
  );
}

export function RuleCard({ rule }: { rule: ReferralRule }) {
  const { t } = useTranslation();
  return (
    <section className="team-card" aria-labelledby="team-rule-title">
      <h2 id="team-rule-title" className="team-card__title">
        {t('referral.ruleTitle')}
      </h2>
      <RuleText programme={rule.inForce} />
      {rule.next ? (
        <>
          <p className="team-card__hint">
            {t('referral.ruleNext', { day: formatIsoDate(rule.next.effectiveFrom) })}
          </p>
          <RuleText programme={rule.next} />
        </>
      ) : null}
    </section>
  );
}
