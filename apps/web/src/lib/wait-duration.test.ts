import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n.ts';
import { formatShare, formatWait } from './wait-duration.ts';

beforeAll(async () => {
  await initI18n('en');
});

describe('formatWait', () => {
  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3599, '59 min'],
    [3600, '1 h 0 min'],
    [9000, '2 h 30 min'],
    [86_399, '23 h 59 min'],
    [86_400, '1 d 0 h'],
    [187_200, '2 d 4 h'],
  ])('shows %d seconds as %j', (seconds, text) => {
    expect(formatWait(seconds, i18n.t)).toBe(text);
  });
});

describe('formatShare', () => {
  it.each([
    [0, '0.0%'],
    [0.25, '25.0%'],
    [1 / 3, '33.3%'],
    [1, '100.0%'],
  ])('shows %d as %j', (share, text) => {
    expect(formatShare(share)).toBe(text);
  });
});
