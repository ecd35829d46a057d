/**
 * What the scheduler must do for a room at a given instant, as pure functions over the domain's state
 * machine: the due transitions of each unfinished round (in order), and when the next round opens.
 * Round times are whole unix seconds, so comparing in seconds is exact.
 */
import {
  type RoundEvent,
  type RoundStatus,
  roundTimes,
  scheduledStatus,
  transition,
} from '@tradehall/domain';
import type { Room } from './rooms.repository.ts';

export interface PlannedStep {
  event: Extract<RoundEvent, 'seal' | 'draw' | 'settle'>;
  from: RoundStatus;
  to: RoundStatus;
}

export interface ScheduledRound {
  status: RoundStatus;
  sealsAt: Date;
  drawsAt: Date;
  settlesAt: Date;
}

export const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

const PROGRESS: Partial<Record<RoundStatus, number>> = { open: 0, sealed: 1, drawing: 2 };

/** The transitions due for a round at `now`, in order (seal, draw, settle; each legal per the domain). */
export function dueSteps(round: ScheduledRound, now: Date): PlannedStep[] {
  const steps: PlannedStep[] = [];
  const nowSeconds = toSeconds(now);
  const target =
    PROGRESS[
      scheduledStatus({ sealsAt: toSeconds(round.sealsAt), drawsAt: toSeconds(round.drawsAt) }, nowSeconds)
    ] ?? 0;
  let status = round.status;
  for (let progress = PROGRESS[status]; progress !== undefined && progress < target; ) {
    const event = status === 'open' ? 'seal' : 'draw';
    const next = transition(status, event);
    if (!next.ok) break;
    steps.push({ event, from: status, to: next.to });
    status = next.to;
    progress = PROGRESS[status];
  }
  if (status === 'drawing' && nowSeconds >= toSeconds(round.settlesAt)) {
    const next = transition(status, 'settle');
    if (next.ok) steps.push({ event: 'settle', from: status, to: next.to });
  }
  return steps;
}

/**
 * When the room's next round opens (unix seconds), or null when none should open now. Rounds run back
 * to back: the next opens at the previous round's draws_at — unless that round would already be past
 * its seal (the scheduler was down), in which case a fresh schedule starts now. A paused room opens no
 * new round; its current round still finishes.
 */
export function nextOpening(
  room: Pick<Room, 'paused' | 'roundSeconds' | 'sealedSeconds' | 'drawingSeconds'>,
  latest: { status: RoundStatus; drawsAt: Date } | undefined,
  now: Date,
): number | null {
  if (room.paused) return null;
  const nowSeconds = toSeconds(now);
  if (!latest) return nowSeconds;
  if (latest.status === 'open' || latest.status === 'sealed') return null;
  if (latest.status === 'void') return nowSeconds;
  const continued = toSeconds(latest.drawsAt);
  return nowSeconds < roundTimes(continued, room).sealsAt ? continued : nowSeconds;
}
