/**
 * One round as the round page shows it: issue, status (with the spec's messages), the countdown in
 * seconds, the commitment while it takes positions, the result once drawn, and the viewer's positions
 * with their settlement. The current round uses the plain testids (`round-issue`, `round-status`,
 * `round-countdown`, `round-digits`, `round-sum`); the last round's are prefixed `last-round-`.
 */
import type { PositionView, RoundView } from '@tradehall/contracts';
import type { RoundStatus } from '@tradehall/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withQuery } from '../../../lib/navigation.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';
import { HashValue } from './hash-value.tsx';
import { PositionList } from './position-list.tsx';
import { RoundCommitment } from './round-commitment.tsx';
import { RoundCountdown } from './round-countdown.tsx';
import { RoundResult } from './round-result.tsx';
import { RoundStatusBanner } from './round-status-banner.tsx';
import { SealedRoot } from './sealed-root.tsx';

export interface RoundPanelProps {
  title: string;
  round: RoundView;
  status: RoundStatus;
  seconds: number | null;
  positions: readonly PositionView[];
  /** `round` for the current round, `last-round` for the previous one. */
  testIdPrefix: 'round' | 'last-round';
  /**
   * Keep the issue, status, countdown and result pinned under the page header while the rest scrolls
   * (the round being played: its state must stay in view while a bet is chosen).
   */
  pinned?: boolean;
  /** Shown right under the round's state, before its commitment: the bet panel of the round page. */
  action?: ReactNode;
  children?: ReactNode;
}

export function RoundPanel({
  title,
  round,
  status,
  seconds,
  positions,
  testIdPrefix,
  pinned = false,
  action,
  children,
}: RoundPanelProps) {
  const { t } = useTranslation();
  const titleId = `${testIdPrefix}-title`;
  return (
    <section
      className="round-card"
      aria-labelledby={titleId}
      data-testid={testIdPrefix === 'round' ? 'current-round' : 'last-round'}
      data-round-id={round.id}
    >
      <div className={pinned ? 'round-card__state round-card__state--pinned' : 'round-card__state'}>
        <div className="round-card__head">
          <h2 className="section-title" id={titleId}>
            {title}
          </h2>
          <span className="round-card__issue" data-testid={`${testIdPrefix}-issue`} data-issue={round.issue}>
            {t('trading.issue', { issue: round.issue })}
          </span>
        </div>
        {/* Side by side, not nested: the banner is a live region and the countdown must not be read out. */}
        <div className="round-card__status-row">
          <RoundStatusBanner status={status} testId={`${testIdPrefix}-status`} />
          <RoundCountdown status={status} seconds={seconds} testId={`${testIdPrefix}-countdown`} />
        </div>
        {round.digits !== null && round.sum !== null ? (
          <RoundResult digits={round.digits} sum={round.sum} testIdPrefix={testIdPrefix} />
        ) : null}
      </div>
      {action}
      {status === 'open' ? (
        <RoundCommitment
          commitment={round.commitment}
          fairness={round.fairness}
          testId={`${testIdPrefix}-commitment`}
        />
      ) : round.hash !== null ? (
        <dl className="hash-list">
          <HashValue label={t('trading.hash')} value={round.hash} testId={`${testIdPrefix}-hash`} />
        </dl>
      ) : null}
      {round.positions !== null ? (
        <>
          <SealedRoot
            roundId={round.id}
            positions={round.positions}
            testId={`${testIdPrefix}-positions-root`}
          />
          <Link
            className="text-link"
            to={withQuery(VERIFY_PATH, { room: round.roomId, round: round.id })}
            data-testid={`${testIdPrefix}-verify-positions`}
          >
            {t('trading.positionsCheck.link')}
          </Link>
        </>
      ) : null}
      {children}
      <h3 className="round-card__subtitle">{t('trading.round.myPositions')}</h3>
      <PositionList positions={positions} label={`${t('trading.round.myPositions')} ${round.issue}`} />
    </section>
  );
}
