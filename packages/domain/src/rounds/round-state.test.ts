import { describe, expect, it } from 'vitest';
import {
  issueNumber,
  ROUND_EVENTS,
  ROUND_STATUSES,
  type RoundStatus,
  scheduledStatus,
  transition,
} from './round-state.ts';

const LEGAL: Array<[RoundStatus, string, RoundStatus]> = [
  ['open', 'seal', 'sealed'],
  ['open', 'void', 'void'],
  ['sealed', 'draw', 'drawing'],
  ['sealed', 'void', 'void'],
  ['drawing', 'settle', 'settled'],
  ['drawing', 'void', 'void'],
];

describe('round state machine', () => {
  it.each(LEGAL)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event as (typeof ROUND_EVENTS)[number])).toEqual({ ok: true, to });
  });

  const illegal = ROUND_STATUSES.flatMap((from) =>
    ROUND_EVENTS.filter((event) => !LEGAL.some(([f, e]) => f === from && e === event)).map(
      (event) => [from, event] as const,
    ),
  );
  it.each(illegal)('refuses %s --%s-->', (from, event) => {
    expect(transition(from, event)).toEqual({ ok: false, from, event });
  });

  it('covers every pair exactly once', () => {
    expect(LEGAL.length + illegal.length).toBe(ROUND_STATUSES.length * ROUND_EVENTS.length);
  });

  it('derives the scheduled status from the clock', () => {
    const times = { sealsAt: 100, drawsAt: 110 };
    expect(scheduledStatus(times, 99)).toBe('open');
    expect(scheduledStatus(times, 100)).toBe('sealed');
    expect(scheduledStatus(times, 110)).toBe('drawing');
  });

  it('numbers issues YYYYMMDD + sequence', () => {
    expect(issueNumber(Date.UTC(2026, 10, 21, 23, 59) / 1000, 7)).toBe('202611210007');
  });
});
