import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from './format.ts';

describe('formatDateTime', () => {
  it('formats unix seconds as yyyy.MM.dd HH:mm:ss (24-hour)', () => {
    expect(formatDateTime(1_763_712_345, undefined, 'UTC')).toBe('2025.11.21 08:05:45');
    expect(formatDateTime(1_763_755_200, undefined, 'UTC')).toBe('2025.11.21 20:00:00');
  });

  it('accepts other patterns', () => {
    expect(formatDateTime(0, 'yyyy-MM-dd', 'UTC')).toBe('1970-01-01');
  });
});

describe('relativeTime', () => {
  const now = 1_763_712_345;
  it('says "just now" under five minutes', () => {
    expect(relativeTime(now, now)).toEqual({ kind: 'just-now' });
    expect(relativeTime(now - 299, now)).toEqual({ kind: 'just-now' });
  });

  it('shows the date from five minutes on, and for future times', () => {
    expect(relativeTime(now - 300, now, 'UTC')).toEqual({ kind: 'absolute', text: '2025.11.21 08:00:45' });
    expect(relativeTime(now + 60, now, 'UTC').kind).toBe('absolute');
  });
});
