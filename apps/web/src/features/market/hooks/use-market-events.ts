/**
 * Live market figures: the `market` topic carries the whole overview after every settlement
 * (`market.updated`, the same shape as GET /market/overview), which replaces the cached one; each room's
 * round topic moves its current round on (the issue shown changes as the next round opens). When the
 * realtime connection is back after a loss the overview is asked for again (events may have been missed).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { MarketOverview } from '@tradehall/contracts';
import { currentRoundAfter, roundOf } from '../../../lib/realtime/current-round.ts';
import { MARKET_TOPIC, roundTopic, type Topic } from '../../../lib/realtime/protocol.ts';
import { useRealtimeReconnect } from '../../../lib/realtime/use-connection.ts';
import { useTopics } from '../../../lib/realtime/use-topic.ts';
import { MARKET_OVERVIEW_KEY } from '../api/market-overview.ts';

export function useMarketEvents(overview: MarketOverview | undefined, refetch: () => void): void {
  const queryClient = useQueryClient();
  const topics: Topic[] = [MARKET_TOPIC, ...(overview?.rooms.map((room) => roundTopic(room.roomId)) ?? [])];
  useTopics(topics, (event) => {
    if (event.event === 'market.updated') {
      queryClient.setQueryData<MarketOverview>(MARKET_OVERVIEW_KEY, event.data);
      return;
    }
    const round = roundOf(event);
    if (!round) return;
    queryClient.setQueryData<MarketOverview>(MARKET_OVERVIEW_KEY, (current) =>
      current
        ? {
            ...current,
            rooms: current.rooms.map((room) =>
              room.roomId === round.roomId
                ? { ...room, currentRound: currentRoundAfter(room.currentRound, round) }
                : room,
            ),
          }
        : current,
    );
  });
  useRealtimeReconnect(refetch);
}
