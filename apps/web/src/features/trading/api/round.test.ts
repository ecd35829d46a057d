import { describe, expect, it } from 'vitest';
import { round } from '../../../test/trading-fixtures.ts';
import { roundFreshUntil } from './round.ts';

const NOW = 1_800_000_000;

describe('roundFreshUntil', () => {
  it('trusts a cached round until its next scheduled move, and a final one for good', () => {
    const open = round(1, NOW, { status: 'open' });
    expect(roundFreshUntil(open)).toBe(open.sealsAt * 1000 + 2_000);
    expect(roundFreshUntil({ ...open, status: 'sealed' })).toBe(open.drawsAt * 1000 + 2_000);
    expect(roundFreshUntil({ ...open, status: 'drawing' })).toBe(open.drawsAt * 1000 + 15_000);
    expect(roundFreshUntil({ ...open, status: 'settled' })).toBe(Number.POSITIVE_INFINITY);
    expect(roundFreshUntil({ ...open, status: 'void' })).toBe(Number.POSITIVE_INFINITY);
  });
});
