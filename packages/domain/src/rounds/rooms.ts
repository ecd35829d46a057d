/** Room tiers and their seeded defaults (DESIGN §6), amounts in cents, durations in seconds. */
import { dollars } from '../money.ts';

export const ROOM_TIERS = ['normal', 'vip', 'advanced', 'premier', 'dia'] as const;
export type RoomTier = (typeof ROOM_TIERS)[number];

export interface RoomDefaults {
  tier: RoomTier;
  entryMinimum: number;
  stakeMinimum: number;
  stakeMaximum: number;
  roundSeconds: number;
  sealedSeconds: number;
  /** The drawing phase lasts this long before settlement. */
  drawingSeconds: number;
  houseEdgeBps: number;
}

export const DEFAULT_ROOMS: readonly RoomDefaults[] = [
  {
    tier: 'normal',
    entryMinimum: 0,
    stakeMinimum: dollars(1),
    stakeMaximum: dollars(1_000),
    roundSeconds: 60,
    sealedSeconds: 10,
    drawingSeconds: 3,
    houseEdgeBps: 200,
  },
  {
    tier: 'vip',
    entryMinimum: dollars(1_000),
    stakeMinimum: dollars(10),
    stakeMaximum: dollars(5_000),
    roundSeconds: 60,
    sealedSeconds: 10,
    drawingSeconds: 3,
    houseEdgeBps: 200,
  },
  {
    tier: 'advanced',
    entryMinimum: dollars(5_000),
    stakeMinimum: dollars(20),
    stakeMaximum: dollars(20_000),
    roundSeconds: 120,
    sealedSeconds: 15,
    drawingSeconds: 3,
    houseEdgeBps: 200,
  },
  {
    tier: 'premier',
    entryMinimum: dollars(20_000),
    stakeMinimum: dollars(50),
    stakeMaximum: dollars(50_000),
    roundSeconds: 180,
    sealedSeconds: 15,
    drawingSeconds: 3,
    houseEdgeBps: 200,
  },
  {
    tier: 'dia',
    entryMinimum: dollars(100_000),
    stakeMinimum: dollars(100),
    stakeMaximum: dollars(200_000),
    roundSeconds: 300,
    sealedSeconds: 20,
    drawingSeconds: 3,
    houseEdgeBps: 200,
  },
];

/** Round timing: open for roundSeconds - sealedSeconds, sealed for sealedSeconds, then drawing. */
export function roundTimes(
  opensAt: number,
  room: Pick<RoomDefaults, 'roundSeconds' | 'sealedSeconds' | 'drawingSeconds'>,
) {
  const drawsAt = opensAt + room.roundSeconds;
  return {
    opensAt,
    sealsAt: drawsAt - room.sealedSeconds,
    drawsAt,
    settlesAt: drawsAt + room.drawingSeconds,
  };
}
