/**
 * The round lifecycle (DESIGN §6) as a pure state machine: open -> sealed -> drawing -> settled, or void
 * from any unfinished state. The server applies a transition only through a conditional update
 * (`WHERE status = <from>`), so replaying one after a crash changes nothing.
 */
export const ROUND_STATUSES = ['open', 'sealed', 'drawing', 'settled', 'void'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const ROUND_EVENTS = ['seal', 'draw', 'settle', 'void'] as const;
export type RoundEvent = (typeof ROUND_EVENTS)[number];

const TRANSITIONS: Record<RoundStatus, Partial<Record<RoundEvent, RoundStatus>>> = {
  open: { seal: 'sealed', void: 'void' },
  sealed: { draw: 'drawing', void: 'void' },
  drawing: { settle: 'settled', void: 'void' },
  settled: {},
  void: {},
};

export type TransitionResult =
  | { ok: true; to: RoundStatus }
  | { ok: false; from: RoundStatus; event: RoundEvent };

export function transition(from: RoundStatus, event: RoundEvent): TransitionResult {
  const to = TRANSITIONS[from][event];
  return to ? { ok: true, to } : { ok: false, from, event };
}

export function isFinal(status: RoundStatus): boolean {
  return status === 'settled' || status === 'void';
}

/** Which status a round should be in at `now` by its schedule (unix seconds). */
export function scheduledStatus(
  times: { sealsAt: number; drawsAt: number },
  now: number,
): 'open' | 'sealed' | 'drawing' {
  if (now < times.sealsAt) return 'open';
  if (now < times.drawsAt) return 'sealed';
  return 'drawing';
}

/** Issue number: UTC date `YYYYMMDD` followed by the room's sequence of that day, 4 digits. */
export function issueNumber(opensAtSeconds: number, sequence: number): string {
  const date = new Date(opensAtSeconds * 1000);
  const day = `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
  return `${day}${String(sequence).padStart(4, '0')}`;
}
