import { describe, expect, it } from 'vitest';
import { countdownSeconds, displayStatus, mayHaveMoved } from './round-timing.ts';

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

  describe('whether a copy may have missed a move between two moments', () => {
    const timed = { ...round, settlesAt: 1013 };
    it('says no while no scheduled move falls between them', () => {
      expect(mayHaveMoved(timed, ms(970), ms(971))).toBe(false);
      expect(mayHaveMoved({ ...timed, status: 'sealed' }, ms(1003), ms(1004))).toBe(false);
    });
    it('says yes when a seal, a draw or a settlement falls between them (a second either side)', () => {
      expect(mayHaveMoved(timed, ms(998), ms(999) + 100)).toBe(true);
      expect(mayHaveMoved({ ...timed, status: 'sealed' }, ms(1008), ms(1009) + 500)).toBe(true);
      expect(mayHaveMoved({ ...timed, status: 'drawing' }, ms(1011), ms(1012))).toBe(true);
    });
    it('says yes when the schedule is already past what the copy shows', () => {
      expect(mayHaveMoved(timed, ms(1005), ms(1005) + 1)).toBe(true);
    });
    it('says yes for a round still drawing at or past its settlement time (a late beacon)', () => {
      const late = { ...timed, status: 'drawing' as const };
      expect(mayHaveMoved(late, ms(1030), ms(1031))).toBe(true);
    });
    it('says no for a final round, whatever the times', () => {
      expect(mayHaveMoved({ ...timed, status: 'settled' }, ms(990), ms(1020))).toBe(false);
      expect(mayHaveMoved({ ...timed, status: 'void' }, ms(990), ms(1020))).toBe(false);
    });
  });
});
