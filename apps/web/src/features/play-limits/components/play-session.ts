/**
 * The play session the reality check measures: it starts when the player first opens a room in this
 * tab, and ends when they choose "stop for now" (or close the tab). Kept in sessionStorage, so a reload
 * continues it. `start` is the server's counters of stakes and payouts read when it started (null until
 * that reading arrives): the session's net is the difference with a later reading.
 */
import type { PlayCounterReading } from '@tradehall/domain';

const KEY = 'tradehall.playLimits.session';

export interface PlaySession {
  startedAt: number;
  answeredAt: number;
  start: PlayCounterReading | null;
}

function isReading(value: unknown): value is PlayCounterReading {
  return (
    typeof value === 'object' &&
    value !== null &&
    'staked' in value &&
    'paid' in value &&
    typeof value.staked === 'number' &&
    typeof value.paid === 'number'
  );
}

export function readSession(): PlaySession | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'startedAt' in value && 'answeredAt' in value) {
      const { startedAt, answeredAt } = value;
      const start = 'start' in value && isReading(value.start) ? value.start : null;
      if (typeof startedAt === 'number' && typeof answeredAt === 'number') {
        return { startedAt, answeredAt, start };
      }
    }
  } catch {
    // A value nobody can read is no session.
  }
  return null;
}

export function writeSession(session: PlaySession | null): void {
  try {
    if (session) window.sessionStorage.setItem(KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Without storage the session lasts as long as the page.
  }
}
