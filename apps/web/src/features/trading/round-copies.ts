/**
 * Copies of the same data arriving by different roads (an event, the answer to a request that was in
 * flight when the event came) are merged so that the one further along wins: a round never moves back
 * (lib/realtime/current-round.ts), a settled position never turns open again, and a position never
 * disappears (one placed after a request was read is still the viewer's).
 */
import type { PositionView, RoomList, RoomView, RoundDetail, RoundView } from '@tradehall/contracts';
import { betWins, isFinal, payoutFor } from '@tradehall/domain';
import { currentRoundAfter, laterRound } from '../../lib/realtime/current-round.ts';

function laterPosition(known: PositionView, incoming: PositionView): PositionView {
  return known.status !== 'open' && incoming.status === 'open' ? known : incoming;
}

/** The incoming list, each position at its latest, and the known ones it does not have yet first. */
export function mergePositions(
  known: readonly PositionView[],
  incoming: readonly PositionView[],
): PositionView[] {
  const byId = new Map(known.map((position) => [position.id, position]));
  const incomingIds = new Set(incoming.map((position) => position.id));
  const newer = known.filter((position) => !incomingIds.has(position.id));
  return [
    ...newer,
    ...incoming.map((position) => {
      const previous = byId.get(position.id);
      return previous ? laterPosition(previous, position) : position;
    }),
  ];
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

/** The latest of both copies of a round page's round, its positions settled by it when it is final. */
export function mergeRoundDetail(known: RoundDetail | undefined, incoming: RoundDetail): RoundDetail {
  if (!known || known.round.id !== incoming.round.id) return incoming;
  const round = laterRound(known.round, incoming.round);
  return {
    round,
    myPositions: mergePositions(known.myPositions, incoming.myPositions).map((position) =>
      settledBy(position, round),
    ),
  };
}

export function mergeRoom(known: RoomView | undefined, incoming: RoomView): RoomView {
  if (!known?.currentRound || !incoming.currentRound) return incoming;
  const currentRound = currentRoundAfter(known.currentRound, incoming.currentRound);
  return currentRound === incoming.currentRound ? incoming : { ...incoming, currentRound };
}

export function mergeRoomList(known: RoomList | undefined, incoming: RoomList): RoomList {
  if (!known) return incoming;
  const byId = new Map(known.items.map((room) => [room.id, room]));
  return { ...incoming, items: incoming.items.map((room) => mergeRoom(byId.get(room.id), room)) };
}
