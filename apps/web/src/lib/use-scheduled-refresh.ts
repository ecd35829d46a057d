/**
 * Runs `refresh` once when the server clock reaches `dueAt` (server ms; null: not at all). A new due
 * time (after each answer the page plans the next one: just after the next boundary, or the 2 s poll
 * while a round is drawing) replaces the old timer. No timers while nothing is due: no polling while a
 * round is open.
 */
import { useEffect, useRef } from 'react';
import { serverClock } from './server-clock.ts';

export function useScheduledRefresh(dueAt: number | null, refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (dueAt === null) return;
    const timer = setTimeout(() => latest.current(), Math.max(0, dueAt - serverClock.nowMs()));
    return () => clearTimeout(timer);
  }, [dueAt]);
}

/** A query's answer time (local ms, react-query's `dataUpdatedAt`) on the server's clock. */
export function fetchedAtServerMs(dataUpdatedAt: number): number {
  return dataUpdatedAt + serverClock.offsetMs();
}
