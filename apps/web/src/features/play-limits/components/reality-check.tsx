/**
 * The reality check over a room: every N minutes of play (the player's choice; off by default), how
 * long the session has lasted and its net result, with "keep playing" and "stop for now".
 */
import {
  type RealityCheckMinutes,
  realityCheckDueAt,
  sessionMinutes,
  sessionResult,
} from '@tradehall/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSignedCents } from '../../../lib/format.ts';
import { useNav } from '../../../lib/navigation.ts';
import { HOME_PATH } from '../../../lib/paths.ts';
import { fetchPlayCounters } from '../api/session.ts';
import { readSession, writeSession } from './play-session.ts';
import { ReminderDialog } from './reminder-dialog.tsx';

interface Shown {
  minutes: number;
  net: number | null;
}

export function RealityCheck({ minutes }: { minutes: RealityCheckMinutes }) {
  const { t } = useTranslation();
  const nav = useNav();
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (shown) return;
    const now = Date.now();
    const session = readSession() ?? { startedAt: now, answeredAt: now, start: null };
    writeSession(session);
    let cancelled = false;
    if (!session.start) {
      // The session's first reading of the counters: what it is measured from.
      fetchPlayCounters().then(
        (start) => {
          const current = readSession();
          if (current && !current.start) writeSession({ ...current, start });
        },
        () => undefined,
      );
    }
    const wait = Math.max(0, realityCheckDueAt(session.answeredAt, minutes) - now);
    const timer = window.setTimeout(() => {
      const lasted = sessionMinutes(session.startedAt, Date.now());
      fetchPlayCounters().then(
        (reading) => {
          const current = readSession();
          // Without a first reading (it failed) the net is not shown, and is measured from now on.
          if (current && !current.start) writeSession({ ...current, start: reading });
          const net = current?.start ? sessionResult(current.start, reading).net : null;
          if (!cancelled) setShown({ minutes: lasted, net });
        },
        () => {
          if (!cancelled) setShown({ minutes: lasted, net: null });
        },
      );
    }, wait);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [minutes, shown]);

  if (!shown) return null;
  const keepPlaying = () => {
    const session = readSession();
    if (session) writeSession({ ...session, answeredAt: Date.now() });
    setShown(null);
  };
  const stop = () => {
    writeSession(null);
    setShown(null);
    nav.reLaunch(HOME_PATH);
  };
  return (
    <ReminderDialog
      title={t('playLimits.realityCheck.dialogTitle')}
      testId="reality-check"
      actions={[
        {
          label: t('playLimits.realityCheck.keepPlaying'),
          onSelect: keepPlaying,
          testId: 'reality-check-keep',
        },
        {
          label: t('playLimits.realityCheck.stop'),
          onSelect: stop,
          testId: 'reality-check-stop',
          outline: true,
        },
      ]}
    >
      <p>{t('playLimits.realityCheck.lasted', { count: shown.minutes })}</p>
      {shown.net !== null ? (
        <p>{t('playLimits.realityCheck.net', { amount: formatSignedCents(shown.net) })}</p>
      ) : null}
    </ReminderDialog>
  );
}
