/** The scheduler's pure planning: due transitions in order, and when the next round opens. */
import { roundTimes } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { dueSteps, nextOpening } from './round-plan.ts';

const room = { paused: false, roundSeconds: 60, sealedSeconds: 10, drawingSeconds: 3 };
const OPENS = 1_800_000_000;
const times = roundTimes(OPENS, room);
const at = (seconds: number, ms = 0) => new Date(seconds * 1000 + ms);
const round = (status: 'open' | 'sealed' | 'drawing' | 'settled' | 'void') => ({
  status,
  sealsAt: at(times.sealsAt),
  drawsAt: at(times.drawsAt),
  settlesAt: at(times.settlesAt),
});
const events = (steps: ReturnType<typeof dueSteps>) => steps.map((step) => `${step.from}>${step.to}`);

describe('dueSteps', () => {
  it('does nothing before seals_at, to the millisecond', () => {
    expect(dueSteps(round('open'), at(times.sealsAt, -1))).toEqual([]);
  });

  it('seals at seals_at, draws at draws_at, settles at settles_at', () => {
    expect(events(dueSteps(round('open'), at(times.sealsAt)))).toEqual(['open>sealed']);
    expect(events(dueSteps(round('sealed'), at(times.drawsAt, -1)))).toEqual([]);
    expect(events(dueSteps(round('sealed'), at(times.drawsAt)))).toEqual(['sealed>drawing']);
    expect(events(dueSteps(round('drawing'), at(times.settlesAt, -1)))).toEqual([]);
    expect(events(dueSteps(round('drawing'), at(times.settlesAt)))).toEqual(['drawing>settled']);
  });

  it('catches an overdue round up in order', () => {
    expect(events(dueSteps(round('open'), at(times.settlesAt + 86_400)))).toEqual([
      'open>sealed',
      'sealed>drawing',
      'drawing>settled',
    ]);
  });

  it('leaves final rounds alone', () => {
    expect(dueSteps(round('settled'), at(times.settlesAt + 100))).toEqual([]);
    expect(dueSteps(round('void'), at(times.settlesAt + 100))).toEqual([]);
  });
});

describe('nextOpening', () => {
  const latest = (status: 'open' | 'sealed' | 'drawing' | 'settled' | 'void') => ({
    status,
    drawsAt: at(times.drawsAt),
  });

  it('opens the first round now (whole seconds)', () => {
    expect(nextOpening(room, undefined, at(OPENS, 700))).toBe(OPENS);
  });

  it('opens nothing while the latest round is open or sealed, or when the room is paused', () => {
    expect(nextOpening(room, latest('open'), at(times.sealsAt - 1))).toBeNull();
    expect(nextOpening(room, latest('sealed'), at(times.drawsAt - 1))).toBeNull();
    expect(nextOpening({ ...room, paused: true }, latest('settled'), at(times.drawsAt))).toBeNull();
  });

  it('runs rounds back to back: the next opens at the previous draws_at', () => {
    expect(nextOpening(room, latest('drawing'), at(times.drawsAt, 250))).toBe(times.drawsAt);
    expect(nextOpening(room, latest('settled'), at(times.drawsAt + 20))).toBe(times.drawsAt);
  });

  it('starts a fresh schedule when the continued round would already be sealed, or after a void', () => {
    const late = times.drawsAt + 50;
    expect(nextOpening(room, latest('settled'), at(late, 300))).toBe(late);
    expect(nextOpening(room, latest('void'), at(OPENS + 5))).toBe(OPENS + 5);
  });
});
