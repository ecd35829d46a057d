/**
 * What a round page shows and when it asks the server again, from the round's own times and the
 * server's clock (lib/server-clock.ts), never this device's clock alone.
 *
 * - The status shown is the server's, moved on by the schedule (domain `scheduledStatus`) once the
 *   server clock passes `sealsAt` or `drawsAt`: "sealed" shows the very second the round seals, even
 *   before the next answer confirms it. A final status (settled, void) is always the server's.
 * - The countdown runs to `sealsAt` while open and to `drawsAt` while sealed, in whole seconds.
 * - Refreshing: nothing while a boundary is ahead except one request just after it; every 2 s once the
 *   round should have moved on (drawing, or the server not there yet) until it is final.
 */
import type { RoundView } from '@tradehall/contracts';
import { isFinal, type RoundStatus, scheduledStatus } from '@tradehall/domain';

export const DRAWING_POLL_MS = 2_000;
/** Asking right at the boundary could beat the server's scheduler to it. */
export const BOUNDARY_GRACE_MS = 300;

type Timed = Pick<RoundView, 'status' | 'sealsAt' | 'drawsAt'>;

const PROGRESS: Record<'open' | 'sealed' | 'drawing', number> = { open: 0, sealed: 1, drawing: 2 };

export function displayStatus(round: Timed, serverNowMs: number): RoundStatus {
  if (isFinal(round.status)) return round.status;
  const current = round.status as 'open' | 'sealed' | 'drawing';
  const scheduled = scheduledStatus(round, serverNowMs / 1000);
  return PROGRESS[scheduled] > PROGRESS[current] ? scheduled : current;
}

/** Whole seconds to the next boundary of the status shown (null when there is none to count down to). */
export function countdownSeconds(round: Timed, serverNowMs: number): number | null {
  const status = displayStatus(round, serverNowMs);
  const target = status === 'open' ? round.sealsAt : status === 'sealed' ? round.drawsAt : null;
  if (target === null) return null;
  return Math.max(0, Math.ceil((target * 1000 - serverNowMs) / 1000));
}

/**
 * When (server ms) to ask for the round again, planned from the answer fetched at `fetchedAtMs` (server
 * ms): just after its next boundary while that is ahead, else the poll interval after that answer;
 * null once the round is final. Planned from the answer, not from "now", so the plan stays the same
 * across the re-renders of a ticking countdown.
 */
export function refreshDueAt(round: Timed, fetchedAtMs: number): number | null {
  if (isFinal(round.status)) return null;
  const boundary = round.status === 'open' ? round.sealsAt : round.status === 'sealed' ? round.drawsAt : null;
  if (boundary !== null && fetchedAtMs < boundary * 1000) return boundary * 1000 + BOUNDARY_GRACE_MS;
  return fetchedAtMs + DRAWING_POLL_MS;
}

/**
 * For a list of rooms (the hall): the soonest refresh any of their current rounds needs; a room waiting
 * for its next round is asked again after the poll interval, a paused one not at all.
 */
export function roomsRefreshDueAt(
  rooms: ReadonlyArray<{ paused: boolean; currentRound: Timed | null }>,
  fetchedAtMs: number,
): number | null {
  let soonest: number | null = null;
  for (const room of rooms) {
    if (room.paused) continue;
    const due = room.currentRound
      ? (refreshDueAt(room.currentRound, fetchedAtMs) ?? fetchedAtMs + DRAWING_POLL_MS)
      : fetchedAtMs + DRAWING_POLL_MS;
    soonest = soonest === null ? due : Math.min(soonest, due);
  }
  return soonest;
}

/** How long a settled round's result stays the main view before the next round takes its place. */
export const RESULT_HOLD_MS = 3_000;
