/**
 * What a round page shows, from the round's own times and the server's clock (lib/server-clock.ts),
 * never this device's clock alone. (When it changes, the room's round topic says so: no polling.)
 *
 * - The status shown is the server's, moved on by the schedule (domain `scheduledStatus`) once the
 *   server clock passes `sealsAt` or `drawsAt`: "sealed" shows the very second the round seals, even
 *   before the next answer confirms it. A final status (settled, void) is always the server's.
 * - The countdown runs to `sealsAt` while open and to `drawsAt` while sealed, in whole seconds.
 */
import type { RoundView } from '@tradehall/contracts';
import { isFinal, type RoundStatus, scheduledStatus } from '@tradehall/domain';

type Timed = Pick<RoundView, 'status' | 'sealsAt' | 'drawsAt'>;

const PROGRESS: Record<'open' | 'sealed' | 'drawing', number> = { open: 0, sealed: 1, drawing: 2 };

export function displayStatus(round: Timed, serverNowMs: number): RoundStatus {
  if (isFinal(round.status)) return round.status;
  const current = round.status as 'open' | 'sealed' | 'drawing';
  const scheduled = scheduledStatus(round, serverNowMs / 1000);
  return PROGRESS[scheduled] > PROGRESS[current] ? scheduled : current;
}

/** Room for the server clock's offset and an event's way to the page. */
const MOVE_MARGIN_MS = 1_000;

/**
 * Whether a round may have moved between two moments (server clock, ms) without the page hearing of it:
 * one of its scheduled moves falls between them, its schedule is already past what the copy shows, or
 * it is drawing at or past its settlement time (a late beacon value can settle it at any moment).
 */
export function mayHaveMoved(
  round: Timed & Pick<RoundView, 'settlesAt'>,
  fromMs: number,
  toMs: number,
): boolean {
  if (isFinal(round.status)) return false;
  if (displayStatus(round, toMs) !== round.status) return true;
  if (round.status === 'drawing' && toMs + MOVE_MARGIN_MS >= round.settlesAt * 1000) return true;
  return [round.sealsAt, round.drawsAt, round.settlesAt].some(
    (seconds) => seconds * 1000 >= fromMs - MOVE_MARGIN_MS && seconds * 1000 <= toMs + MOVE_MARGIN_MS,
  );
}

/** Whole seconds to the next boundary of the status shown (null when there is none to count down to). */
export function countdownSeconds(round: Timed, serverNowMs: number): number | null {
  const status = displayStatus(round, serverNowMs);
  const target = status === 'open' ? round.sealsAt : status === 'sealed' ? round.drawsAt : null;
  if (target === null) return null;
  return Math.max(0, Math.ceil((target * 1000 - serverNowMs) / 1000));
}
