/**
 * /pages/game/rule?room=<id> (ordinary room): the room's terms, its current round with the countdown and
 * the round's commitment (the hash it will link to), kept live by the room's round topic, and Enter:
 * POST /rooms/:id/enter, then the round page. Signed in and short of the entry minimum, the page says how much is missing before and after
 * trying; signed out, Enter goes to login and back here.
 */

import { useQuery } from '@tanstack/react-query';
import type { RoomView } from '@tradehall/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { formatCents } from '../../../lib/format.ts';
import { useNav, withQuery } from '../../../lib/navigation.ts';
import {
  GUIDE_PATH,
  LOGIN_PATH,
  RECHARGE_PATH,
  ROOM_PATH,
  ROUND_PLAY_PATH,
  VERIFY_PATH,
} from '../../../lib/paths.ts';
import { errorMessage, toastError } from '../../../lib/toast.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { useEnterRoom } from '../api/enter-room.ts';
import { roomQueryOptions, useRoom } from '../api/room.ts';
import { NoRoom } from '../components/no-room.tsx';
import { RoomFacts } from '../components/room-facts.tsx';
import { RoundCommitment } from '../components/round-commitment.tsx';
import { RoundCountdown } from '../components/round-countdown.tsx';
import { RoundStatusBanner } from '../components/round-status-banner.tsx';
import { useRoomEvents } from '../hooks/use-room-events.ts';
import { countdownSeconds, displayStatus } from '../round-timing.ts';
import '../trading.css';

function CurrentRound({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const round = room.currentRound;
  if (!round) return <p className="field__hint">{t('trading.noRound')}</p>;
  const status = displayStatus(round, now);
  return (
    <section className="round-card" aria-labelledby="current-round-title">
      <div className="round-card__head">
        <h2 className="section-title" id="current-round-title">
          {t('trading.room.currentRound')}
        </h2>
        <span data-testid="round-issue">{t('trading.issue', { issue: round.issue })}</span>
      </div>
      <RoundStatusBanner status={status} />
      <RoundCountdown status={status} seconds={countdownSeconds(round, now)} />
      <RoundCommitment commitment={round.commitment} fairness={round.fairness} />
    </section>
  );
}

function EnterRoom({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  const nav = useNav();
  const signedIn = useIsLoggedIn();
  const mutation = useEnterRoom();
  const [refusal, setRefusal] = useState<string | null>(null);
  const here = withQuery(ROOM_PATH, { room: room.id });

  const enter = useDebouncedCallback(async () => {
    if (mutation.isPending) return;
    if (!signedIn) {
      nav.navigateTo(LOGIN_PATH, { redirect: here });
      return;
    }
    setRefusal(null);
    return mutation.mutateAsync(room.id).then(
      () => {
        nav.navigateTo(ROUND_PLAY_PATH, { room: room.id });
      },
      (error: unknown) => {
        if (isApiError(error) && (error.code === 'ENTRY_MINIMUM_NOT_MET' || error.code === 'ROOM_PAUSED')) {
          setRefusal(errorMessage(error));
          return;
        }
        toastError(error);
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enter();
  };

  const short = signedIn && !room.qualified;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {refusal || short || room.paused ? (
        <div className="notice notice--invalid" role="alert" data-testid="room-not-qualified">
          <p>
            {refusal ??
              (room.paused
                ? t('trading.room.pausedHint')
                : t('trading.room.missing', { amount: formatCents(room.missingForEntry) }))}
          </p>
          {short || refusal ? (
            <Link className="text-button" to={RECHARGE_PATH} data-testid="room-top-up">
              {t('trading.room.topUp')}
            </Link>
          ) : null}
        </div>
      ) : null}
      <SubmitButton
        label={signedIn ? t('trading.room.enter') : t('trading.room.loginToEnter')}
        busyLabel={t('trading.room.entering')}
        busy={mutation.isPending}
        testId="room-enter"
      />
    </form>
  );
}

function RoomDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const room = useRoom(id);
  useRoomEvents([id], () => [
    {
      round: room.data?.currentRound,
      readAt: room.dataUpdatedAt,
      refetch: () => void room.refetch().catch(() => {}),
    },
  ]);

  if (room.isError && !room.data) {
    if (isApiError(room.error) && room.error.code === 'NOT_FOUND') return <NoRoom />;
    return <ErrorNotice error={room.error} onRetry={() => void room.refetch().catch(() => {})} />;
  }
  if (!room.data) return <DataPlaceholder lines={6} />;
  const data = room.data;
  return (
    <>
      <h2 className="room-title" data-testid="room-tier" data-tier={data.tier}>
        {t(`trading.tiers.${data.tier}`)}
      </h2>
      <RoomFacts room={data} />
      <CurrentRound room={data} />
      <EnterRoom room={data} />
      <div className="link-row">
        <Link className="text-link" to={withQuery(GUIDE_PATH, { room: data.id })}>
          {t('trading.rulesLink')}
        </Link>
        <Link className="text-link" to={withQuery(VERIFY_PATH, { room: data.id })} data-testid="room-verify">
          {t('trading.verifyLink')}
        </Link>
      </div>
    </>
  );
}

/** Every tier has this page: its header names the room's tier (a generic name until the room is known). */
function RoomHeader({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const room = useQuery({ ...roomQueryOptions(id ?? ''), enabled: id !== null });
  return (
    <PageHeader title={room.data ? t(`trading.tiers.${room.data.tier}`) : t('trading.room.pageTitle')} />
  );
}

export default function RoomPage() {
  const [params] = useSearchParams();
  const id = params.get('room');
  return (
    <div className="page">
      <RoomHeader id={id} />
      <main className="page__body">{id ? <RoomDetails id={id} /> : <NoRoom />}</main>
    </div>
  );
}
