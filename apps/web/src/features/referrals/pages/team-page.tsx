/**
 * /pages/team/index (ours, from My account): my share link and QR code, the rule in force with an
 * example, my team by level and my rewards per day. The figures are kept up to date by the server, so
 * the page costs the same whatever the size of the team.
 */
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useTeam } from '../api/team.ts';
import { LevelSection } from '../components/level-section.tsx';
import { RewardsSection } from '../components/rewards-section.tsx';
import { RuleCard } from '../components/rule-card.tsx';
import { ShareCard } from '../components/share-card.tsx';
import '../referrals.css';

export default function TeamPage() {
  const { t } = useTranslation();
  const team = useTeam();
  return (
    <div className="page">
      <PageHeader title={t('titles.team')} />
      <main className="page__body team-page">
        {team.isPending ? <DataPlaceholder lines={6} /> : null}
        {team.isError ? (
          <ErrorNotice error={team.error} onRetry={() => void team.refetch().catch(() => {})} />
        ) : null}
        {team.data ? (
          <>
            <ShareCard code={team.data.invitationCode} />
            <RuleCard rule={team.data.rule} />
            {team.data.levels
              .filter(
                (figures) =>
                  figures.level === 1 || team.data.rule.inForce.mode === 'two_levels' || figures.invitees > 0,
              )
              .map((figures) => (
                <LevelSection key={figures.level} figures={figures} />
              ))}
            <RewardsSection paidTotal={team.data.rewardsPaidTotal} />
          </>
        ) : null}
      </main>
    </div>
  );
}
