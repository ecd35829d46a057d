import { describe, expect, it } from 'vitest';
import {
  BOUNDARY_GRACE_MS,
  countdownSeconds,
  DRAWING_POLL_MS,
  displayStatus,
  refreshDueAt,
  roomsRefreshDueAt,
} from './round-timing.ts';

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

  it('asks again just after the next boundary, then every 2 s until the round is final', () => {
    expect(refreshDueAt(round, ms(970))).toBe(ms(1000) + BOUNDARY_GRACE_MS);
    expect(refreshDueAt({ ...round, status: 'sealed' }, ms(1001))).toBe(ms(1010) + BOUNDARY_GRACE_MS);
    // The server had not sealed it yet when asked after the boundary: poll until it has.
    expect(refreshDueAt(round, ms(1000) + 300)).toBe(ms(1000) + 300 + DRAWING_POLL_MS);
    expect(refreshDueAt({ ...round, status: 'drawing' }, ms(1011))).toBe(ms(1011) + DRAWING_POLL_MS);
    expect(refreshDueAt({ ...round, status: 'settled' }, ms(1013))).toBeNull();
    expect(refreshDueAt({ ...round, status: 'void' }, ms(1013))).toBeNull();
  });

  it('plans a room list by its soonest need, skipping paused rooms', () => {
    const open = { paused: false, currentRound: round };
    const later = { paused: false, currentRound: { ...round, sealsAt: 2000, drawsAt: 2010 } };
    expect(roomsRefreshDueAt([later, open], ms(970))).toBe(ms(1000) + BOUNDARY_GRACE_MS);
    expect(roomsRefreshDueAt([{ paused: false, currentRound: null }, later], ms(970))).toBe(
      ms(970) + DRAWING_POLL_MS,
    );
    expect(roomsRefreshDueAt([{ paused: true, currentRound: null }], ms(970))).toBeNull();
    expect(roomsRefreshDueAt([], ms(970))).toBeNull();
  });
});
