/**
 * Live rooms and rounds from the `round.<roomId>` topics: each event carries the round as GET /rounds/:id
 * shows it (status, the server's end times, the result once drawn, the user count), so the cached room
 * list, room and round are updated in place, without asking the server. When a round turns final the
 * viewer's positions in it are settled here by the domain's rules (the sum and each position's frozen
 * multiplier decide; a void refunds every stake), as the server settles them: no watcher asks the server
 * after a round event. A copy never moves a round back (round-copies.ts).
 *
 * What a page shows is asked for again only when events may have been missed:
 * - after a reconnect (the connection was lost for a while): everything watched;
 * - when the server confirms the room's subscription (the page's first answers may have been read
 *   before it, and a move in between was sent to nobody): the copies that may have moved meanwhile,
 *   by their schedule (round-timing.ts `mayHaveMoved`), which is rarely any.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { RoomList, RoomView, RoundDetail, RoundView } from '@tradehall/contracts';
import { currentRoundAfter, laterRound, roundOf } from '../../../lib/realtime/current-round.ts';
import { roundTopic } from '../../../lib/realtime/protocol.ts';
import { useRealtimeReconnect } from '../../../lib/realtime/use-connection.ts';
import { useTopics } from '../../../lib/realtime/use-topic.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { tradingKeys } from '../query-keys.ts';
import { settledBy } from '../round-copies.ts';
import { mayHaveMoved } from '../round-timing.ts';

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
  const key = tradingKeys.round(round.id);
  // The round's own answer is on its way: kept here, the answer is merged with it when it lands
  // (without this the event would be lost, and the older answer shown).
  const awaited = queryClient.getQueryState(key)?.fetchStatus === 'fetching';
  queryClient.setQueryData<RoundDetail>(key, (detail) => {
    if (detail) {
      const latest = laterRound(detail.round, round);
      return {
        round: latest,
        myPositions: detail.myPositions.map((position) => settledBy(position, latest)),
      };
    }
    // A round that has just opened holds none of the viewer's positions yet (one placed here joins the
    // cached list): the page that moves on to it has nothing to ask.
    return round.status === 'open' || awaited ? { round, myPositions: [] } : undefined;
  });
}

/** One thing a page shows from the rooms' topics: the round it holds, when it was read, how to ask again. */
export interface WatchedRound {
  round: RoundView | null | undefined;
  /** Local time (ms) the copy was last written: the query's dataUpdatedAt. */
  readAt: number;
  refetch: () => void;
}

export function useRoomEvents(roomIds: readonly string[], watched: () => readonly WatchedRound[]): void {
  const queryClient = useQueryClient();
  useTopics(
    roomIds.map((id) => roundTopic(id)),
    (event) => {
      const round = roundOf(event);
      if (round) applyRoundEvent(queryClient, round);
    },
    () => {
      const now = serverClock.nowMs();
      const offset = serverClock.offsetMs();
      for (const item of watched()) {
        if (item.round && mayHaveMoved(item.round, item.readAt + offset, now)) item.refetch();
      }
    },
  );
  useRealtimeReconnect(() => {
    for (const item of watched()) item.refetch();
  });
}
