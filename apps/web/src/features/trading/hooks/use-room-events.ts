/**
 * Live rooms and rounds from the `round.<roomId>` topics: each event carries the round as GET /rounds/:id
 * shows it (status, the server's end times, the result once drawn, the user count), so the cached room
 * list, room and round are updated in place, without asking the server. When a round turns final the
 * viewer's positions in it are settled here by the domain's rules (the sum and each position's frozen
 * multiplier decide; a void refunds every stake), as the server settles them: no watcher asks the server
 * after a round event. `onReconnect` runs when the connection is back after a loss (events may have been
 * missed): the page asks again then, and only then.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { PositionView, RoomList, RoomView, RoundDetail, RoundView } from '@tradehall/contracts';
import { betWins, isFinal, payoutFor } from '@tradehall/domain';
import { currentRoundAfter, roundOf } from '../../../lib/realtime/current-round.ts';
import { roundTopic } from '../../../lib/realtime/protocol.ts';
import { useRealtimeReconnect } from '../../../lib/realtime/use-connection.ts';
import { useTopics } from '../../../lib/realtime/use-topic.ts';
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
  queryClient.setQueryData<RoundDetail>(tradingKeys.round(round.id), (detail) => {
    if (detail)
      return { round, myPositions: detail.myPositions.map((position) => settledBy(position, round)) };
    // A round that has just opened holds none of the viewer's positions yet (one placed here joins the
    // cached list): the page that moves on to it has nothing to ask.
    return round.status === 'open' ? { round, myPositions: [] } : undefined;
  });
}

/** A position as the server settles it once its round is final; unchanged before that. */
export function settledBy(position: PositionView, round: RoundView): PositionView {
  if (position.status !== 'open' || !isFinal(round.status)) return position;
  const settledAt = round.settledAt;
  if (round.status === 'void') return { ...position, status: 'refunded', payout: position.amount, settledAt };
  if (round.sum === null) return position;
  const won = betWins(position.bet, round.sum);
  return {
    ...position,
    status: won ? 'won' : 'lost',
    payout: won ? payoutFor(position.amount, position.multiplier) : 0,
    settledAt,
  };
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
