/**
 * Test support for the trading and market pages: wire objects shaped by the contracts (RoomView,
 * RoundView, PositionView...) with sensible defaults, times relative to a given "now" (unix seconds).
 */
import type { MarketOverview, PositionView, RoomView, RoundView } from '@tradehall/contracts';

export const ROOM_ID = '3f1e2d4c-0000-4a6b-9c2d-000000000001';
export const VIP_ROOM_ID = '3f1e2d4c-0000-4a6b-9c2d-000000000002';
export const roundId = (n: number) => `5a6b7c8d-0000-4a6b-9c2d-${String(n).padStart(12, '0')}`;
export const positionId = (n: number) => `6b7c8d9e-0000-4a6b-9c2d-${String(n).padStart(12, '0')}`;

export const COMMITMENT = 'a45dc537fd6ab99e212ef773a8d55fa7577a306cb99b12edbf6689e0a3ce1949';

export function round(n: number, now: number, overrides: Partial<RoundView> = {}): RoundView {
  return {
    id: roundId(n),
    roomId: ROOM_ID,
    issue: `2026112100${String(n).padStart(2, '0')}`,
    status: 'open',
    opensAt: now - 20,
    sealsAt: now + 30,
    drawsAt: now + 40,
    settlesAt: now + 43,
    settledAt: null,
    commitment: COMMITMENT,
    salt: 'tradehall-test-vectors-v1',
    hash: null,
    digits: null,
    sum: null,
    userCount: 0,
    fairness: { scheme: 'v1', beacon: null, beaconRound: null },
    voidReason: null,
    positions: null,
    ...overrides,
  };
}

export function room(overrides: Partial<RoomView> = {}): RoomView {
  return {
    id: ROOM_ID,
    tier: 'normal',
    entryMinimum: 0,
    stakeMinimum: 100,
    stakeMaximum: 100_000,
    roundSeconds: 60,
    sealedSeconds: 10,
    houseEdgeBps: 200,
    paused: false,
    currentRound: null,
    qualified: true,
    missingForEntry: 0,
    ...overrides,
  };
}

export function position(n: number, overrides: Partial<PositionView> = {}): PositionView {
  return {
    id: positionId(n),
    roundId: roundId(1),
    roomId: ROOM_ID,
    tier: 'normal',
    issue: '202611210001',
    bet: { category: 'both_sides', type: 'long' },
    amount: 1000,
    multiplier: 196,
    status: 'open',
    payout: null,
    createdAt: 1_763_700_000,
    settledAt: null,
    ...overrides,
  };
}

export function marketRoom(
  overrides: Partial<MarketOverview['rooms'][number]> = {},
): MarketOverview['rooms'][number] {
  return {
    roomId: ROOM_ID,
    tier: 'normal',
    currentRound: null,
    recent: [],
    frequencies: { long: 0, short: 0, single: 0, double: 0 },
    lastRoundProfit: null,
    ...overrides,
  };
}
