import { describe, expect, it } from 'vitest';
import { SETTLEMENT_RETRY_MAX_MS, SettlementRetries } from './settlement-retries.ts';

const at = (ms: number) => new Date(1_800_000_000_000 + ms);

describe('settlement retries', () => {
  it('wait 1 s, then twice as long after each failure, up to a minute', () => {
    const retries = new SettlementRetries();
    expect(retries.due('r', at(0))).toBe(true);
    const waits: number[] = [];
    let now = 0;
    for (let failure = 1; failure <= 9; failure++) {
      const { failures, retryInMs } = retries.failed('r', at(now));
      expect(failures).toBe(failure);
      expect(retries.due('r', at(now + retryInMs - 1))).toBe(false);
      expect(retries.due('r', at(now + retryInMs))).toBe(true);
      waits.push(retryInMs);
      now += retryInMs;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(Math.max(...waits)).toBe(SETTLEMENT_RETRY_MAX_MS);
  });

  it('forget a round once it is final or no longer unfinished', () => {
    const retries = new SettlementRetries();
    retries.failed('settled', at(0));
    retries.failed('voided elsewhere', at(0));
    retries.failed('still failing', at(0));
    retries.done('settled');
    retries.keepOnly(new Set(['still failing']));
    expect(retries.due('settled', at(0))).toBe(true);
    expect(retries.due('voided elsewhere', at(0))).toBe(true);
    expect(retries.due('still failing', at(0))).toBe(false);
    expect(retries.failed('settled', at(0)).failures).toBe(1);
  });
});
