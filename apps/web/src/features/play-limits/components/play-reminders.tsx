/**
 * What the player's own play settings show over the app, for the shell: once signed in, the end of a
 * running break (unless the login page already showed it in this tab), and in a room the reality check
 * they asked for.
 */
import { REALITY_CHECK_MINUTES } from '@tradehall/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatTime } from '../../../lib/format.ts';
import { ROOM_PATH, ROUND_PLAY_PATH } from '../../../lib/paths.ts';
import { breakSeen, setBreakSeen } from '../../../lib/play-break-seen.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { usePlayLimits } from '../api/play-limits.ts';
import { RealityCheck } from './reality-check.tsx';
import { ReminderDialog } from './reminder-dialog.tsx';

const ROOM_PATHS: readonly string[] = [ROOM_PATH, ROUND_PLAY_PATH];

export function PlayReminders() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const overview = usePlayLimits(loggedIn);
  // Re-read on each render: the login page marks the break seen as the session begins.
  const [, setSeen] = useState(breakSeen);
  const seen = breakSeen();

  useEffect(() => {
    // Signing out forgets the notice: the next sign-in shows it again.
    if (!loggedIn) {
      setBreakSeen(null);
      setSeen(null);
    }
  }, [loggedIn]);

  if (!loggedIn || !overview.data) return null;
  const running = overview.data.break;
  const minutes = REALITY_CHECK_MINUTES.find((option) => option === overview.data.realityCheckMinutes);
  if (running && seen !== String(running.endsAt)) {
    const dismiss = () => {
      setBreakSeen(running.endsAt);
      setSeen(String(running.endsAt));
    };
    return (
      <ReminderDialog
        title={t('playLimits.breaks.noticeTitle')}
        testId="play-break-notice"
        actions={[
          { label: t('playLimits.breaks.understood'), onSelect: dismiss, testId: 'play-break-notice-ok' },
        ]}
      >
        <p>{t('playLimits.breaks.running', { time: formatTime(running.endsAt) })}</p>
      </ReminderDialog>
    );
  }
  if (minutes !== undefined && ROOM_PATHS.includes(pathname)) return <RealityCheck minutes={minutes} />;
  return null;
}
