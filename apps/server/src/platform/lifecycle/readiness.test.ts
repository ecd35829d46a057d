import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness.ts';

describe('Readiness', () => {
  it('starts, becomes ready once, and never comes back from draining', () => {
    const readiness = new Readiness();
    const seen: string[] = [];
    readiness.onChange((state) => seen.push(state));
    expect(readiness.state).toBe('starting');
    readiness.markReady();
    readiness.markReady();
    readiness.markDraining();
    readiness.markReady();
    expect(readiness.state).toBe('draining');
    expect(seen).toEqual(['starting', 'ready', 'draining']);
  });
});
