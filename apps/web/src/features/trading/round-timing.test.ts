import { describe, expect, it } from 'vitest';
import { countdownSeconds, displayStatus } from './round-timing.ts';

const round = { status: 'open' as const, sealsAt: 1000, drawsAt: 1010 };
const ms = (seconds: number) => seconds * 1000;

describe('round timing', () => {
  it('shows the server status, moved on by the schedule on the server clock', () => {
    expect(displayStatus(round, ms(990))).toBe('open');
    expect(displayStatus(round, ms(1000))).toBe('sealed');
    expect(displayStatus(round, ms(1010))).toBe('drawing');
    // The server is ahead of the schedule (sealed early by an operator pause, say): its word counts.
    expect(displayStatus({ ...round, status: 'sealed' }, ms(990))).toBe('sealed');
    // Final statuses are the server's alone.
    expect(displayStatus({ ...round, status: 'settled' }, ms(900))).toBe('settled');
    expect(displayStatus({ ...round, status: 'void' }, ms(1005))).toBe('void');
  });

  it('counts whole seconds to the seal, then to the draw', () => {
    expect(countdownSeconds(round, ms(970))).toBe(30);
    expect(countdownSeconds(round, ms(970) + 1)).toBe(30);
    expect(countdownSeconds(round, ms(999) + 1)).toBe(1);
    expect(countdownSeconds(round, ms(1000))).toBe(10);
    expect(countdownSeconds(round, ms(1010))).toBeNull();
    expect(countdownSeconds({ ...round, status: 'settled' }, ms(970))).toBeNull();
  });
});
