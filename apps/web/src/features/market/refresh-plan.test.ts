import { describe, expect, it } from 'vitest';
import { marketRoom, round } from '../../test/trading-fixtures.ts';
import { AFTER_DRAW_MS, marketRefreshDueAt } from './refresh-plan.ts';

const overview = (rooms: ReturnType<typeof marketRoom>[]) => ({
  tradingDate: '2026-11-21',
  todayVolume: 0,
  tradingUsers: 0,
  rooms,
});

describe('market refresh plan', () => {
  it('asks again just after the soonest draw has had time to settle', () => {
    const now = 1_000;
    const plan = marketRefreshDueAt(
      overview([
        marketRoom({ currentRound: round(1, now, { drawsAt: now + 40 }) }),
        marketRoom({ currentRound: round(2, now, { drawsAt: now + 25 }) }),
      ]),
      now * 1000,
    );
    expect(plan).toBe((now + 25) * 1000 + AFTER_DRAW_MS);
  });

  it('after a draw already passed, asks again a few seconds after this answer; nothing to wait for, nothing asked', () => {
    const now = 1_000;
    const drawing = marketRoom({ currentRound: round(1, now, { status: 'drawing', drawsAt: now - 1 }) });
    expect(marketRefreshDueAt(overview([drawing]), now * 1000)).toBe(now * 1000 + AFTER_DRAW_MS);
    expect(marketRefreshDueAt(overview([marketRoom()]), now * 1000)).toBeNull();
  });
});
