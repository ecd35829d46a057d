/**
 * /pages/game/huodong1 (investment explanation): how to invest step by step, the rules of a round, the
 * odds table (default house edge, or the edge of `?room=<id>`), and how fairness works with the way to
 * the verification page.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { FairnessExplainer } from '../components/fairness-explainer.tsx';
import { InvestSteps } from '../components/invest-steps.tsx';
import { RoomOdds } from '../components/room-odds.tsx';
import { RoundRules } from '../components/round-rules.tsx';
import '../trading.css';

export default function GuidePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = params.get('room');
  return (
    <div className="page">
      <PageHeader title={t('titles.investmentGuide')} />
      <main className="page__body">
        <InvestSteps />
        <RoundRules />
        <RoomOdds roomId={roomId} />
        <FairnessExplainer roomId={roomId} />
      </main>
    </div>
  );
}
