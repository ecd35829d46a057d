import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes version-7 UUIDs that sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId(1_700_000_000_000));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = newId(1_700_000_000_000 + 60_000);
    expect(later > (ids.at(-1) ?? '')).toBe(true);
  });
});
