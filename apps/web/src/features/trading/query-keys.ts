/**
 * Query keys of the trading pages, and what a trade makes stale: a position placed moves the stake out
 * of the balance; a settled round pays out. Either way the account and the money views (lib), and the
 * investment and revenue records here, are refreshed.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshMoney } from '../../lib/money-refresh.ts';

export const tradingKeys = {
  /** The room list; every single room's key starts with it, so invalidating it covers them all. */
  rooms: ['trading', 'rooms'] as const,
  room: (id: string) => ['trading', 'rooms', id] as const,
  roomRounds: (id: string) => ['trading', 'room-rounds', id] as const,
  recentRounds: (id: string) => ['trading', 'recent-rounds', id] as const,
  round: (id: string) => ['trading', 'round', id] as const,
  publicRound: (id: string) => ['trading', 'public-round', id] as const,
  positions: ['trading', 'positions'] as const,
  revenue: ['trading', 'revenue'] as const,
  positionProof: (id: string) => ['trading', 'position-proof', id] as const,
  committedRound: (id: string) => ['trading', 'committed-round', id] as const,
};

/** In the background: balance, money records, investment and revenue records. */
export function refreshAfterTrade(queryClient: QueryClient): void {
  refreshMoney(queryClient);
  for (const queryKey of [tradingKeys.positions, tradingKeys.revenue]) {
    void queryClient.invalidateQueries({ queryKey }).catch(() => {});
  }
}
