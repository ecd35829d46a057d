/**
 * /pages/game/verify?room=<id> (ours; linked from the room, the round page and the rules): the room's
 * rounds, newest first, each with its issue, hash, previous hash (its commitment), digits and sum, and
 * for a drawn round a Verify action computed in this browser by the domain's verifier; a sealed round
 * also offers the check of the positions committed at its seal. Without a room, the rooms to choose from.
 *
 * /pages/game/verify?room=<id>&round=<id> (linked from an investment record and the round card): that one
 * round, its positions check run at once, and a link to all the room's rounds.
 */
import type { RoundView } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RecordsList } from '../../../components/ui/records-list.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/navigation.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { usePublicRound } from '../api/public-round.ts';
import { useRoomRounds } from '../api/room-rounds.ts';
import { useRooms } from '../api/rooms.ts';
import { useRound } from '../api/round.ts';
import { RoundProof } from '../components/round-proof.tsx';
import '../trading.css';

function RoomChoice({ selected }: { selected: string | null }) {
  const { t } = useTranslation();
  const rooms = useRooms();
  if (rooms.isError && !rooms.data) {
    return <ErrorNotice error={rooms.error} onRetry={() => void rooms.refetch().catch(() => {})} />;
  }
  if (!rooms.data) return <DataPlaceholder lines={1} />;
  return (
    <nav className="chip-row" aria-label={t('trading.verify.chooseRoom')}>
      {rooms.data.items.map((room) => (
        <Link
          key={room.id}
          className={room.id === selected ? 'chip chip--selected' : 'chip'}
          aria-current={room.id === selected ? 'page' : undefined}
          to={withQuery(VERIFY_PATH, { room: room.id })}
          replace
          data-testid={`verify-room-${room.tier}`}
        >
          {t(`trading.tiers.${room.tier}`)}
        </Link>
      ))}
    </nav>
  );
}

function RoomRounds({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const query = useRoomRounds(roomId);
  return (
    <RecordsList
      query={query}
      label={t('titles.verify')}
      emptyMessage={t('trading.verify.empty')}
      renderItem={(round) => <RoundProof round={round} />}
    />
  );
}

/** The round asked for, once found; or why it is not shown. */
function FocusedBody({
  round,
  query,
}: {
  round: RoundView | null;
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => Promise<unknown> };
}) {
  const { t } = useTranslation();
  if (round) return <RoundProof round={round} checkPositions />;
  if (query.isError && !(isApiError(query.error) && query.error.code === 'NOT_FOUND')) {
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch().catch(() => {})} />;
  }
  if (query.isPending) return <DataPlaceholder lines={4} />;
  return <p className="field__hint">{t('trading.positionsCheck.roundNotFound')}</p>;
}

/** Signed in: the round's own answer, which also lists the viewer's positions in it. */
function SignedInRound({ roundId }: { roundId: string }) {
  const detail = useRound(roundId);
  return <FocusedBody round={detail.data?.round ?? null} query={detail} />;
}

/**
 * Signed out: the round's public answer, found by its id however old it is (the room's list holds only
 * its newest rounds until it is scrolled, so a link to an older round is not looked for there).
 */
function PublicRound({ roundId }: { roundId: string }) {
  const found = usePublicRound(roundId);
  return <FocusedBody round={found.data ?? null} query={found} />;
}

function FocusedRound({ roomId, roundId }: { roomId: string; roundId: string }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <>
      {loggedIn ? <SignedInRound roundId={roundId} /> : <PublicRound roundId={roundId} />}
      <Link
        className="text-link"
        to={withQuery(VERIFY_PATH, { room: roomId })}
        data-testid="verify-all-rounds"
      >
        {t('trading.positionsCheck.allRounds')}
      </Link>
    </>
  );
}

export default function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = params.get('room');
  const roundId = params.get('round');
  return (
    <div className="page">
      <PageHeader title={t('titles.verify')} />
      <main className="page__body">
        <p className="page__intro">{t('trading.verify.intro')}</p>
        {roomId && roundId ? (
          <FocusedRound key={roundId} roomId={roomId} roundId={roundId} />
        ) : (
          <>
            <RoomChoice selected={roomId} />
            {roomId ? <RoomRounds key={roomId} roomId={roomId} /> : null}
          </>
        )}
      </main>
    </div>
  );
}
