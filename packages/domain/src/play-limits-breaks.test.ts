import { describe, expect, it } from 'vitest';
import {
  breakEnd,
  breakFamily,
  breakInForce,
  PLAY_BREAKS,
  realityCheckDueAt,
  sessionMinutes,
  sessionResult,
  takeBreak,
} from './play-limits-breaks.ts';

const at = (iso: string) => new Date(iso);

describe('break lengths', () => {
  it.each([
    ['cool_off_24h', '2026-11-28T10:00:00.000Z', '2026-11-29T10:00:00.000Z'],
    ['cool_off_7d', '2026-11-28T10:00:00.000Z', '2026-12-05T10:00:00.000Z'],
    ['cool_off_6w', '2026-11-28T10:00:00.000Z', '2027-01-09T10:00:00.000Z'],
    ['exclusion_6m', '2026-11-28T10:00:00.000Z', '2027-05-28T10:00:00.000Z'],
    ['exclusion_6m', '2026-08-31T10:00:00.000Z', '2027-02-28T10:00:00.000Z'],
    ['exclusion_6m', '2027-08-31T10:00:00.000Z', '2028-02-29T10:00:00.000Z'],
    ['exclusion_1y', '2028-02-29T10:00:00.000Z', '2029-02-28T10:00:00.000Z'],
    ['exclusion_5y', '2026-11-28T10:00:00.000Z', '2031-11-28T10:00:00.000Z'],
  ] as const)('%s from %s ends %s', (kind, start, end) => {
    expect(breakEnd(kind, at(start)).toISOString()).toBe(end);
  });

  it('sorts each break in its family', () => {
    expect(PLAY_BREAKS.map(breakFamily)).toEqual([
      'cool_off',
      'cool_off',
      'cool_off',
      'self_exclusion',
      'self_exclusion',
      'self_exclusion',
    ]);
  });
});

describe('taking a break', () => {
  const now = at('2026-11-28T10:00:00Z');

  it('starts one when none runs, or the last one has ended', () => {
    expect(takeBreak(undefined, 'cool_off_24h', now)).toEqual({
      kind: 'cool_off_24h',
      endsAt: at('2026-11-29T10:00:00Z'),
    });
    const ended = { kind: 'exclusion_5y' as const, endsAt: now };
    expect(takeBreak(ended, 'cool_off_24h', now)?.endsAt).toEqual(at('2026-11-29T10:00:00Z'));
  });

  it('lengthens a running break and never shortens it', () => {
    const running = { kind: 'cool_off_7d' as const, endsAt: at('2026-12-05T10:00:00Z') };
    expect(takeBreak(running, 'cool_off_24h', now)).toBeNull();
    expect(takeBreak(running, 'cool_off_7d', now)).toBeNull();
    expect(takeBreak(running, 'cool_off_6w', now)?.kind).toBe('cool_off_6w');
  });

  it('is in force until its end, not after', () => {
    const running = { kind: 'cool_off_24h' as const, endsAt: at('2026-11-29T10:00:00Z') };
    expect(breakInForce(running, at('2026-11-29T09:59:59Z'))).toBe(running);
    expect(breakInForce(running, at('2026-11-29T10:00:00Z'))).toBeNull();
    expect(breakInForce(undefined, now)).toBeNull();
  });
});

describe('reality check', () => {
  it('is due the chosen minutes after it was last answered', () => {
    expect(realityCheckDueAt(1_000, 15)).toBe(1_000 + 15 * 60_000);
  });

  it('counts whole minutes of the session', () => {
    expect(sessionMinutes(0, 59_999)).toBe(0);
    expect(sessionMinutes(0, 60_000)).toBe(1);
    expect(sessionMinutes(10, 0)).toBe(0);
  });

  it('measures a session as the difference of two readings of the counters', () => {
    const start = { staked: 10_000, paid: 7_000 };
    expect(sessionResult(start, start)).toEqual({ staked: 0, paid: 0, net: 0 });
    expect(sessionResult(start, { staked: 10_500, paid: 7_000 })).toEqual({
      staked: 500,
      paid: 0,
      net: -500,
    });
    expect(sessionResult(start, { staked: 10_500, paid: 8_200 })).toEqual({
      staked: 500,
      paid: 1_200,
      net: 700,
    });
    // A reading older than the start never shows a negative stake or payout.
    expect(sessionResult(start, { staked: 9_000, paid: 6_000 })).toEqual({ staked: 0, paid: 0, net: 0 });
  });
});
