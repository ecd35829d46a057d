/**
 * Live rooms and rounds from the `round.<roomId>` topics: each event carries the round as GET /rounds/:id
 * shows it (status, the server's end times, the result once drawn), so the cached room list, room and
 * round are updated in place, without asking the server. A final round (settled, void) is asked for
 * once more: the viewer's positions in it have been paid or refunded. `onReconnect` runs when the
 * connection is back after a loss (events may have been missed): the page asks again then.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { RoomView, RoundDetail, RoundView } from '@tradehall/contracts';
import { isFinal } from '@tradehall/domain';
import { currentRoundAfter, roundOf } from '../../../lib/realtime/current-round.ts';
import { roundTopic } from '../../../lib/realtime/protocol.ts';
import { useRealtimeReconnect } from '../../../lib/realtime/use-connection.ts';
import { useTopics } from '../../../lib/realtime/use-topic.ts';
import type { RoomList } from '../api/rooms.ts';
import { tradingKeys } from '../query-keys.ts';

function withRound(room: RoomView, round: RoundView): RoomView {
  if (room.id !== round.roomId) return room;
  const currentRound = currentRoundAfter(room.currentRound, round);
  return currentRound === room.currentRound ? room : { ...room, currentRound };
}

export function applyRoundEvent(queryClient: QueryClient, round: RoundView): void {
  queryClient.setQueryData<RoomList>(tradingKeys.rooms, (list) =>
    list ? { ...list, items: list.items.map((room) => withRound(room, round)) } : list,
  );
  queryClient.setQueryData<RoomView>(tradingKeys.room(round.roomId), (room) =>
    room ? withRound(room, round) : room,
  );
  queryClient.setQueryData<RoundDetail>(tradingKeys.round(round.id), (detail) =>
    detail ? { ...detail, round } : detail,
  );
  if (isFinal(round.status)) {
    void queryClient.invalidateQueries({ queryKey: tradingKeys.round(round.id) }).catch(() => {});
  }
}

export function useRoomEvents(roomIds: readonly string[], onReconnect: () => void): void {
  const queryClient = useQueryClient();
  useTopics(
    roomIds.map((id) => roundTopic(id)),
    (event) => {
      const round = roundOf(event);
      if (round) applyRoundEvent(queryClient, round);
    },
  );
  useRealtimeReconnect(onReconnect);
}
