/**
 * The trend tables live: a round of the room drawn, settled or voided (its `round.<roomId>` topic) makes
 * the figures stale, and they are asked for again; so they are after a reconnect (events may have been
 * missed). Openings and seals change nothing the tables show.
 */
import { useQueryClient } from '@tanstack/react-query';
import { roundOf } from '../../lib/realtime/current-round.ts';
import { roundTopic } from '../../lib/realtime/protocol.ts';
import { useRealtimeReconnect } from '../../lib/realtime/use-connection.ts';
import { useTopic } from '../../lib/realtime/use-topic.ts';
import { trendKeys } from './room-trends.ts';

export function useTrendEvents(roomId: string): void {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: trendKeys.room(roomId), exact: true }).catch(() => {});
  useTopic(roundTopic(roomId), (event) => {
    const round = roundOf(event);
    if (!round) return;
    if (
      round.status === 'settled' ||
      round.status === 'void' ||
      (round.status === 'drawing' && round.digits)
    ) {
      refresh();
    }
  });
  useRealtimeReconnect(refresh);
}
