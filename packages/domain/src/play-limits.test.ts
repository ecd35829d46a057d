import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeLimit,
  depositRefusal,
  figuresAt,
  LIMIT_RAISE_DELAY_SECONDS,
  limitInForce,
  PLAY_LIMIT_KINDS,
  PLAY_PERIODS,
  type PlayLimitSetting,
  periodEnd,
  periodOfLimit,
  periodStart,
  settleLimit,
  stakeRefusal,
  withDeposit,
} from './play-limits.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

describe('periods (UTC)', () => {
  it.each([
    ['day', '2026-11-28T23:59:59.999Z', '2026-11-28T00:00:00.000Z', '2026-11-29T00:00:00.000Z'],
    ['day', '2026-11-29T00:00:00.000Z', '2026-11-29T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    // 2026-11-28 is a Saturday: its week started on Monday the 23rd.
    ['week', '2026-11-28T12:00:00.000Z', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['week', '2026-11-30T00:00:00.000Z', '2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z'],
    ['week', '2026-11-29T23:59:59.000Z', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['week', '2027-01-01T05:00:00.000Z', '2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z'],
    ['month', '2026-12-31T23:59:59.000Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['month', '2028-02-29T10:00:00.000Z', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
  ] as const)('a %s holding %s runs from %s to %s', (period, instant, start, end) => {
    expect(periodStart(period, at(instant)).toISOString()).toBe(start);
    expect(periodEnd(period, at(instant)).toISOString()).toBe(end);
  });

  it('every instant lies in its period, and the next period starts where it ends', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAY_PERIODS),
        fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (period, instant) => {
          const start = periodStart(period, instant);
          const end = periodEnd(period, instant);
          expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(end.getTime()).toBeGreaterThan(instant.getTime());
          expect(periodStart(period, end).getTime()).toBe(end.getTime());
          expect(periodStart(period, new Date(end.getTime() - 1)).getTime()).toBe(start.getTime());
        },
      ),
    );
  });

  it('names the period of each limit', () => {
    expect(PLAY_LIMIT_KINDS.map(periodOfLimit)).toEqual([
      'day',
      'week',
      'month',
      'day',
      'week',
      'month',
      null,
    ]);
  });
});

describe('changing a limit', () => {
  const now = at('2026-11-28T10:00:00Z');
  const later = new Date(now.getTime() + LIMIT_RAISE_DELAY_SECONDS * 1000);
  const set = (amount: number | null, pending: PlayLimitSetting['pending'] = null): PlayLimitSetting => ({
    amount,
    pending,
  });

  it('applies a first limit at once', () => {
    expect(changeLimit(undefined, 5000, now)).toEqual({ outcome: 'applied', setting: set(5000) });
  });

  it('applies a lower limit at once and drops a waiting raise', () => {
    expect(changeLimit(set(5000, { amount: 9000, from: later }), 3000, now)).toEqual({
      outcome: 'applied',
      setting: set(3000),
    });
  });

  it('schedules a higher limit 24 hours later, the current one staying in force', () => {
    const change = changeLimit(set(5000), 8000, now);
    expect(change).toEqual({ outcome: 'scheduled', setting: set(5000, { amount: 8000, from: later }) });
    expect(limitInForce(change.setting, new Date(later.getTime() - 1))).toBe(5000);
    expect(limitInForce(change.setting, later)).toBe(8000);
  });

  it('schedules a removal 24 hours later', () => {
    const change = changeLimit(set(5000), null, now);
    expect(change).toEqual({ outcome: 'scheduled', setting: set(5000, { amount: null, from: later }) });
    expect(limitInForce(change.setting, later)).toBeNull();
  });

  it('keeps the time of a change already waiting when it is asked for again', () => {
    const waiting = set(5000, { amount: 8000, from: later });
    const change = changeLimit(waiting, 8000, new Date(now.getTime() + 60 * 60 * 1000));
    expect(change).toEqual({ outcome: 'scheduled', setting: waiting });
  });

  it('restarts the wait for a different raise', () => {
    const waiting = set(5000, { amount: 8000, from: later });
    const next = new Date(now.getTime() + 60 * 60 * 1000);
    expect(changeLimit(waiting, 9000, next)).toEqual({
      outcome: 'scheduled',
      setting: set(5000, { amount: 9000, from: new Date(next.getTime() + DAY) }),
    });
  });

  it('cancels a waiting raise when the limit in force is asked for again', () => {
    expect(changeLimit(set(5000, { amount: 8000, from: later }), 5000, now)).toEqual({
      outcome: 'applied',
      setting: set(5000),
    });
  });

  it('changes nothing when the same limit is asked for, or none when there is none', () => {
    expect(changeLimit(set(5000), 5000, now)).toEqual({ outcome: 'unchanged', setting: set(5000) });
    expect(changeLimit(undefined, null, now)).toEqual({ outcome: 'unchanged', setting: set(null) });
  });

  it('judges the change against the limit in force once a waiting change has come due', () => {
    const due = set(5000, { amount: 8000, from: now });
    expect(settleLimit(due, now)).toEqual(set(8000));
    expect(changeLimit(due, 7000, now)).toEqual({ outcome: 'applied', setting: set(7000) });
  });

  it('never raises a limit before 24 hours have passed', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 10 ** 9 })),
        fc.option(fc.integer({ min: 0, max: 10 ** 9 })),
        fc.integer({ min: 0, max: 2 * DAY }),
        (before, requested, elapsed) => {
          const change = changeLimit(before === null ? undefined : set(before), requested, now);
          const then = new Date(now.getTime() + elapsed);
          const inForce = limitInForce(change.setting, then);
          const looser = (a: number | null, b: number | null) =>
            a === null ? b !== null : b !== null && a > b;
          if (looser(inForce, before)) expect(elapsed).toBeGreaterThanOrEqual(DAY);
        },
      ),
    );
  });
});

describe('figures of the current period', () => {
  const now = at('2026-11-28T10:00:00Z');
  it('reads the figures of the period holding now and zero for an earlier one', () => {
    const usage = {
      day: { start: at('2026-11-28T00:00:00Z'), deposited: 100, staked: 50, paid: 20 },
      week: { start: at('2026-11-16T00:00:00Z'), deposited: 900, staked: 900, paid: 0 },
    };
    expect(figuresAt(usage, 'day', now)).toEqual(usage.day);
    expect(figuresAt(usage, 'week', now)).toEqual({ deposited: 0, staked: 0, paid: 0 });
    expect(figuresAt(usage, 'month', now)).toEqual({ deposited: 0, staked: 0, paid: 0 });
  });
});

describe('a deposit not asked for yet', () => {
  const now = at('2026-11-28T10:00:00Z');
  it('adds its amount to the figures of the periods holding now, from zero for a new period', () => {
    const usage = {
      day: { start: at('2026-11-27T00:00:00Z'), deposited: 900, staked: 0, paid: 0 },
      week: { start: at('2026-11-23T00:00:00Z'), deposited: 900, staked: 50, paid: 10 },
    };
    expect(withDeposit(usage, 100, now)).toEqual({
      day: { start: at('2026-11-28T00:00:00Z'), deposited: 100, staked: 0, paid: 0 },
      week: { start: at('2026-11-23T00:00:00Z'), deposited: 1000, staked: 50, paid: 10 },
      month: { start: at('2026-11-01T00:00:00Z'), deposited: 100, staked: 0, paid: 0 },
    });
  });
});

describe('refusals', () => {
  const now = at('2026-11-28T10:00:00Z');
  const figures = (start: string, deposited: number, staked: number, paid: number) => ({
    start: at(start),
    deposited,
    staked,
    paid,
  });
  const usage = {
    day: figures('2026-11-28T00:00:00Z', 3000, 4000, 1000),
    week: figures('2026-11-23T00:00:00Z', 8000, 9000, 1000),
    month: figures('2026-11-01T00:00:00Z', 20000, 30000, 5000),
  };
  const limit = (amount: number): PlayLimitSetting => ({ amount, pending: null });

  it('lets everything through without limits', () => {
    expect(depositRefusal({}, usage, now)).toBeNull();
    expect(stakeRefusal({}, usage, 10 ** 9, now)).toBeNull();
  });

  it('allows reaching a deposit limit exactly and refuses going over it, naming its reset', () => {
    expect(depositRefusal({ deposit_day: limit(3000) }, usage, now)).toBeNull();
    expect(depositRefusal({ deposit_day: limit(2999) }, usage, now)).toEqual({
      kind: 'deposit_day',
      limit: 2999,
      resetsAt: at('2026-11-29T00:00:00Z'),
    });
    expect(depositRefusal({ deposit_week: limit(7999) }, usage, now)?.resetsAt).toEqual(
      at('2026-11-30T00:00:00Z'),
    );
    expect(depositRefusal({ deposit_month: limit(19999) }, usage, now)?.resetsAt).toEqual(
      at('2026-12-01T00:00:00Z'),
    );
  });

  it('names the limit that lasts longest when several are over', () => {
    const limits = { deposit_day: limit(1), deposit_week: limit(1), deposit_month: limit(1) };
    expect(depositRefusal(limits, usage, now)?.kind).toBe('deposit_month');
    expect(depositRefusal({ deposit_day: limit(1), deposit_week: limit(1) }, usage, now)?.kind).toBe(
      'deposit_week',
    );
  });

  it('counts losses as stakes minus payouts', () => {
    expect(stakeRefusal({ loss_day: limit(3000) }, usage, 0, now)).toBeNull();
    expect(stakeRefusal({ loss_day: limit(2999) }, usage, 0, now)?.kind).toBe('loss_day');
    expect(stakeRefusal({ loss_week: limit(8000) }, usage, 0, now)).toBeNull();
    expect(stakeRefusal({ loss_week: limit(7999) }, usage, 0, now)?.kind).toBe('loss_week');
    expect(stakeRefusal({ loss_month: limit(24999) }, usage, 0, now)).toEqual({
      kind: 'loss_month',
      limit: 24999,
      resetsAt: at('2026-12-01T00:00:00Z'),
    });
  });

  it('does not count the figures of an earlier period', () => {
    const stale = { day: figures('2026-11-27T00:00:00Z', 10 ** 6, 10 ** 6, 0) };
    expect(depositRefusal({ deposit_day: limit(1) }, stale, now)).toBeNull();
    expect(stakeRefusal({ loss_day: limit(1) }, stale, 0, now)).toBeNull();
  });

  it('refuses a round stake over the per-round limit first, with no reset time', () => {
    const limits = { stake_round: limit(500), loss_day: limit(1) };
    expect(stakeRefusal(limits, usage, 500, now)?.kind).toBe('loss_day');
    expect(stakeRefusal(limits, usage, 501, now)).toEqual({
      kind: 'stake_round',
      limit: 500,
      resetsAt: null,
    });
  });

  it('uses the limit in force, not a raise still waiting', () => {
    const waiting: PlayLimitSetting = {
      amount: 100,
      pending: { amount: 10 ** 6, from: at('2026-11-29T00:00:00Z') },
    };
    expect(depositRefusal({ deposit_day: waiting }, usage, now)?.limit).toBe(100);
    expect(depositRefusal({ deposit_day: waiting }, usage, at('2026-11-29T00:00:00Z'))).toBeNull();
  });
});
