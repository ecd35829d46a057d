/**
 * Taking a break from play (docs/decisions/0032-play-limits.md): a cool-off (24 hours, 7 days, 6 weeks)
 * or a self-exclusion (6 months, 1 year, 5 years). While one runs the player places no position and
 * asks for no deposit; withdrawals stay open. Nobody can end one early: a new break is only taken when
 * it ends later than the one running. And the reality check: every N minutes of play, a reminder.
 */

export const PLAY_BREAKS = [
  'cool_off_24h',
  'cool_off_7d',
  'cool_off_6w',
  'exclusion_6m',
  'exclusion_1y',
  'exclusion_5y',
] as const;
export type PlayBreak = (typeof PLAY_BREAKS)[number];

export type PlayBreakFamily = 'cool_off' | 'self_exclusion';

export function breakFamily(kind: PlayBreak): PlayBreakFamily {
  return kind.startsWith('cool_off') ? 'cool_off' : 'self_exclusion';
}

const HOUR_MS = 60 * 60 * 1000;

/** Calendar months later, in UTC; a day the month lacks becomes its last (31 Aug + 6 months: 28/29 Feb). */
function addUtcMonths(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  const day = at.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** When a break taken at `start` ends. */
export function breakEnd(kind: PlayBreak, start: Date): Date {
  switch (kind) {
    case 'cool_off_24h':
      return new Date(start.getTime() + 24 * HOUR_MS);
    case 'cool_off_7d':
      return new Date(start.getTime() + 7 * 24 * HOUR_MS);
    case 'cool_off_6w':
      return new Date(start.getTime() + 42 * 24 * HOUR_MS);
    case 'exclusion_6m':
      return addUtcMonths(start, 6);
    case 'exclusion_1y':
      return addUtcMonths(start, 12);
    case 'exclusion_5y':
      return addUtcMonths(start, 60);
  }
}

/** A break as stored. */
export interface RunningBreak {
  kind: PlayBreak;
  endsAt: Date;
}

/** The break in force at `now`, if any. */
export function breakInForce(latest: RunningBreak | undefined, now: Date): RunningBreak | null {
  return latest && latest.endsAt.getTime() > now.getTime() ? latest : null;
}

/**
 * Taking a break at `now`: its end, or null when it would end before (or with) the one running — a
 * shorter break would lift the running one early, which nobody may do.
 */
export function takeBreak(
  running: RunningBreak | undefined,
  kind: PlayBreak,
  now: Date,
): RunningBreak | null {
  const endsAt = breakEnd(kind, now);
  const current = breakInForce(running, now);
  if (current && endsAt.getTime() <= current.endsAt.getTime()) return null;
  return { kind, endsAt };
}

/** The reminder intervals a player may choose, in minutes (none: off, the default). */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/**
 * When the next reminder is due (ms): `interval` minutes after the last one was answered (or the session
 * started). Time spent with a reminder on screen does not count twice.
 */
export function realityCheckDueAt(lastAnsweredAt: number, interval: RealityCheckMinutes): number {
  return lastAnsweredAt + interval * 60 * 1000;
}

/** Whole minutes a session has lasted. */
export function sessionMinutes(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 60_000));
}

/** A reading of the player's stakes and payouts of all time (cents). */
export interface PlayCounterReading {
  staked: number;
  paid: number;
}

/**
 * A session's stakes, payouts and net (payouts - stakes): the counters read now less those read when it
 * started. A payout received in the session counts in it even for a position placed before: it is money
 * the session brought back. Counters never go down; a reading older than the start (a reply overtaken)
 * counts as no play rather than a negative stake.
 */
export function sessionResult(
  start: PlayCounterReading,
  now: PlayCounterReading,
): PlayCounterReading & { net: number } {
  const staked = Math.max(0, now.staked - start.staked);
  const paid = Math.max(0, now.paid - start.paid);
  return { staked, paid, net: paid - staked };
}
