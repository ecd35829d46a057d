import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, logGamma, regularizedGammaP, regularizedGammaQ } from './trends-gamma.ts';

describe('logGamma', () => {
  it('matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(2)).toBeCloseTo(0, 14);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3_628_800), 11);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(0.1)).toBeCloseTo(2.252712651734206, 12);
    expect(logGamma(100)).toBeCloseTo(359.1342053695754, 9);
  });

  it('refuses a non-positive argument', () => {
    expect(() => logGamma(0)).toThrow(RangeError);
    expect(() => logGamma(-1)).toThrow(RangeError);
  });
});

describe('regularized incomplete gamma', () => {
  it('has the closed forms of a = 1 and a = 1/2', () => {
    for (const x of [0.01, 0.5, 1, 1.5, 2, 5, 10, 30]) {
      // P(1, x) = 1 - e^-x on both sides of the switch at x = a + 1.
      expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 13);
      expect(regularizedGammaQ(1, x)).toBeCloseTo(Math.exp(-x), 13);
    }
    // Q(1/2, x) = erfc(√x): erfc(1) and erfc(2), tabulated.
    expect(regularizedGammaQ(0.5, 1)).toBeCloseTo(0.15729920705028513, 13);
    expect(regularizedGammaQ(0.5, 4)).toBeCloseTo(0.004677734981047266, 14);
  });

  it('matches tabulated values (Abramowitz & Stegun 26.4, R pgamma)', () => {
    expect(regularizedGammaP(3, 2)).toBeCloseTo(0.3233235838169366, 13);
    expect(regularizedGammaP(10, 10)).toBeCloseTo(0.5420702855281478, 12);
    expect(regularizedGammaQ(10, 15)).toBeCloseTo(0.06985366069940986, 12);
    expect(regularizedGammaP(0.5, 0.1)).toBeCloseTo(0.34527915398142317, 12);
  });

  it('P + Q = 1 and both stay within [0, 1]', () => {
    for (const a of [0.5, 1, 2.5, 7, 13.5, 40]) {
      for (const x of [0, 0.3, 1, a, a + 1, 2 * a, 100]) {
        const p = regularizedGammaP(a, x);
        const q = regularizedGammaQ(a, x);
        expect(p + q).toBeCloseTo(1, 13);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(q).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses a bad shape or x', () => {
    expect(() => regularizedGammaP(0, 1)).toThrow(RangeError);
    expect(() => regularizedGammaQ(1, -1)).toThrow(RangeError);
    expect(() => regularizedGammaQ(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('chi-square survival', () => {
  it('gives 0.05 at the tabulated critical values', () => {
    expect(chiSquareSurvival(3.8414588206941285, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(5.991464547107983, 2)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(18.30703805327515, 10)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(36.415028501807306, 24)).toBeCloseTo(0.05, 12);
  });

  it('gives 0.01 and 0.5 where the tables say', () => {
    expect(chiSquareSurvival(6.634896601021217, 1)).toBeCloseTo(0.01, 12);
    expect(chiSquareSurvival(42.97982013935164, 24)).toBeCloseTo(0.01, 12);
    // The median of chi-square with 2 degrees of freedom is 2 ln 2.
    expect(chiSquareSurvival(2 * Math.log(2), 2)).toBeCloseTo(0.5, 14);
    expect(chiSquareSurvival(0, 5)).toBe(1);
  });

  it('refuses a fractional or zero number of degrees of freedom', () => {
    expect(() => chiSquareSurvival(1, 0)).toThrow(RangeError);
    expect(() => chiSquareSurvival(1, 1.5)).toThrow(RangeError);
  });
});
