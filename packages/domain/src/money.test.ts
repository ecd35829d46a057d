import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollars, formatAmount, formatMoney, isCents, parseAmount } from './money.ts';

describe('parseAmount', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10.05', 1005],
    [' 0.01 ', 1],
    ['0', 0],
  ])('reads %j as %d cents', (input, cents) => {
    expect(parseAmount(input)).toBe(cents);
  });

  it.each(['', '-1', '1.234', '1e3', 'abc', '1,000', '.5', '12.', 'NaN', '99999999999999'])(
    'refuses %j',
    (input) => {
      expect(parseAmount(input)).toBeNull();
    },
  );

  it('round-trips every cent amount through formatAmount without loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        expect(parseAmount(formatAmount(cents).replaceAll(',', ''))).toBe(cents);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('prints dollars with the spec symbol and two decimals', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-250)).toBe('-$2.50');
  });

  it('groups the dollars in threes, as en-US numbers are written, at every size', () => {
    expect(formatMoney(99_999)).toBe('$999.99');
    expect(formatMoney(100_000)).toBe('$1,000.00');
    expect(formatMoney(123_456_789_01)).toBe('$123,456,789.01');
    expect(formatMoney(-100_000_000)).toBe('-$1,000,000.00');
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const whole = Math.floor(Math.abs(cents) / 100);
        expect(formatAmount(cents).replace(/^-/, '').split('.')[0]).toBe(whole.toLocaleString('en-US'));
      }),
    );
  });

  it('refuses a non-integer amount instead of rounding it', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(isCents(2 ** 53)).toBe(false);
  });

  it('converts whole dollars to cents', () => {
    expect(dollars(10)).toBe(1000);
    expect(() => dollars(0.001)).toThrow(RangeError);
  });
});
