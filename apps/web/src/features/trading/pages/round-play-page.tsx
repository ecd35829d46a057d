/**
 * /pages/game/game?room=<id> (round play, signed in). The current round: issue, the countdown in seconds
 * to its seal and then to its draw (on the server's clock, lib/server-clock.ts), "wish you success" while
 * open, "the disk has been sealed, please wait for the result" while sealed, the drawing, then the result
 * (three digits and their sum) and the settlement of the viewer's positions; the bet panel; the round's
 * commitment. After the settlement (and a moment to read it) the next round takes its place and the
 * settled one stays below as the last round.
 *
 * Live from the room's round topic (`round.<roomId>`): the round's seal, draw, result and settlement and
 * the next round's opening update the page as they happen; no polling. Between events the status and
 * countdown follow the server's clock. When the realtime connection is back after a loss, the room and
 * the rounds shown are asked for again (events may have been missed). A final round refreshes the
 * balance and the records; the balance also follows the `user` topic (app/realtime/user-events.tsx).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { RoomView, RoundView } from '@tradehall/contracts';
import { isFinal } from '@tradehall/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TrendTables } from '../../../components/trend-tables/trend-tables.tsx';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCents } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { GUIDE_PATH, RECHARGE_PATH, VERIFY_PATH } from '../../../lib/paths.ts';
import { laterRound } from '../../../lib/realtime/current-round.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useRecentRounds } from '../api/recent-rounds.ts';
import { useRoom } from '../api/room.ts';
import { useRound } from '../api/round.ts';
import { BetPanel } from '../components/bet-panel.tsx';
import { NoRoom } from '../components/no-room.tsx';
import { RoundPanel } from '../components/round-panel.tsx';
import { useRoomEvents } from '../hooks/use-room-events.ts';
import { useSettlementRefresh } from '../hooks/use-settlement-refresh.ts';
import { tradingKeys } from '../query-keys.ts';
import { countdownSeconds, displayStatus } from '../round-timing.ts';
import '../trading.css';

function RoomNotice({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--invalid" role="alert" data-testid="room-not-qualified">
      <p>
        {room.paused
          ? t('trading.room.pausedHint')
          : t('trading.bet.notQualified', { amount: formatCents(room.missingForEntry) })}
      </p>
      {room.paused ? null : (
        <Link className="text-button" to={RECHARGE_PATH} data-testid="room-top-up">
          {t('trading.room.topUp')}
        </Link>
      )}
    </div>
  );
}

function RoundPlay({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const room = useRoom(roomId);
  const me = useMe();
  const now = useServerNow();

  const roomRound = room.data?.currentRound ?? null;
  const [tab, setTab] = useState<'bets' | 'trends'>('bets');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [previousId, setPreviousId] = useState<string | null>(null);
  const active = useRound(activeId);
  const previous = useRound(previousId);

  // The current round is its own answer or the room's copy of it, whichever is further along (until
  // its own answer arrives, the room's).
  const roomCopy = roomRound && roomRound.id === activeId ? roomRound : undefined;
  const activeRound: RoundView | undefined =
    active.data && roomCopy ? laterRound(active.data.round, roomCopy) : (active.data?.round ?? roomCopy);
  const previousRound = previous.data?.round;
  const activeFinal = activeRound ? isFinal(activeRound.status) : false;
  // A round the server no longer knows (a 404) is not waited for.
  const activeMissing = active.isError && !active.data && !activeRound;

  // The room's next round takes over as soon as it opens: the user gets its whole open window, and the
  // round before it (still drawing, or settled) moves to the "last round" panel, where its result shows.
  const nextId = roomRound?.id ?? null;
  useEffect(() => {
    if (nextId === null || nextId === activeId) return;
    if (activeId !== null && !activeMissing) setPreviousId(activeId);
    setActiveId(nextId);
  }, [nextId, activeId, activeMissing]);

  // Coming in, the last round is the one before the current one (it may still be drawing).
  const recent = useRecentRounds(roomId);
  const earlierId = recent.data?.items.find((round) => roomRound && round.opensAt < roomRound.opensAt)?.id;
  useEffect(() => {
    if (earlierId !== undefined) setPreviousId((shown) => shown ?? earlierId);
  }, [earlierId]);

  useSettlementRefresh(activeRound, (active.data?.myPositions.length ?? 0) > 0);
  useSettlementRefresh(previousRound, (previous.data?.myPositions.length ?? 0) > 0);

  const refreshRooms = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: tradingKeys.rooms }).catch(() => {});
  }, [queryClient]);
  const refreshActive = useCallback(() => {
    void active.refetch().catch(() => {});
    refreshRooms();
  }, [active, refreshRooms]);

  useRoomEvents([roomId], () => [
    { round: roomRound, readAt: room.dataUpdatedAt, refetch: () => void room.refetch().catch(() => {}) },
    ...[active, previous].flatMap((query) =>
      query.data
        ? [
            {
              round: query.data.round,
              readAt: query.dataUpdatedAt,
              refetch: () => void query.refetch().catch(() => {}),
            },
          ]
        : [],
    ),
  ]);

  if (room.isError && !room.data) {
    if (isApiError(room.error) && room.error.code === 'NOT_FOUND') return <NoRoom />;
    return <ErrorNotice error={room.error} onRetry={() => void room.refetch().catch(() => {})} />;
  }
  if (!room.data) return <DataPlaceholder lines={6} />;

  const status = activeRound ? displayStatus(activeRound, now) : null;
  const canTrade = room.data.qualified && !room.data.paused;
  const tabs = (
    <div className="round-play__tabs" role="tablist">
      {(['bets', 'trends'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          className={`round-play__tab${tab === name ? ' round-play__tab--on' : ''}`}
          onClick={() => setTab(name)}
          data-testid={`round-tab-${name}`}
        >
          {name === 'bets' ? t('trends.tabBets') : t('trends.tabTrends')}
        </button>
      ))}
    </div>
  );
  if (tab === 'trends') {
    return (
      <>
        {tabs}
        <TrendTables roomId={roomId} />
      </>
    );
  }
  return (
    <>
      {tabs}
      <div className="round-play__head">
        <h2 className="room-title" data-testid="room-tier" data-tier={room.data.tier}>
          {t(`trading.tiers.${room.data.tier}`)}
        </h2>
        <span className="round-play__balance">
          {t('trading.round.balance')}{' '}
          <strong data-testid="round-balance">
            {me.data ? formatCents(me.data.balance) : t('common.loading')}
          </strong>
        </span>
      </div>
      {activeRound && status ? (
        <RoundPanel
          title={t('trading.round.current')}
          round={activeRound}
          status={status}
          seconds={countdownSeconds(activeRound, now)}
          positions={active.data?.myPositions ?? []}
          testIdPrefix="round"
          pinned
          action={
            canTrade ? (
              activeId ? (
                <BetPanel
                  room={room.data}
                  roundId={activeId}
                  open={status === 'open'}
                  onRoundClosed={refreshActive}
                />
              ) : null
            ) : (
              <RoomNotice room={room.data} />
            )
          }
        >
          {activeFinal ? (
            <p className="field__hint" data-testid="round-waiting-next">
              {t('trading.round.waitingNext')}
            </p>
          ) : null}
        </RoundPanel>
      ) : (
        <>
          <p className="notice" data-testid="round-none">
            {room.data.paused ? t('trading.room.pausedHint') : t('trading.noRound')}
          </p>
          {canTrade ? null : <RoomNotice room={room.data} />}
        </>
      )}
      {previousRound ? (
        <RoundPanel
          title={t('trading.round.lastRound')}
          round={previousRound}
          status={displayStatus(previousRound, now)}
          seconds={null}
          positions={previous.data?.myPositions ?? []}
          testIdPrefix="last-round"
        />
      ) : null}
      <div className="link-row">
        <Link className="text-link" to={withQuery(GUIDE_PATH, { room: roomId })}>
          {t('trading.rulesLink')}
        </Link>
        <Link className="text-link" to={withQuery(VERIFY_PATH, { room: roomId })} data-testid="round-verify">
          {t('trading.verifyLink')}
        </Link>
      </div>
    </>
  );
}

export default function RoundPlayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = params.get('room');
  return (
    <div className="page">
      <PageHeader title={t('titles.roundPlay')} />
      <main className="page__body">{roomId ? <RoundPlay roomId={roomId} /> : <NoRoom />}</main>
    </div>
  );
}
