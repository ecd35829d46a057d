/**
 * A room's current round after a round event: the event's round when it is the same round (a new status,
 * the result) or a newer one (the next round opened); the one shown otherwise (a late event about an
 * older round changes nothing). Several pages keep a room's current round (hall, room, round page, home).
 */
import type { RoundView, TopicEvent } from '@tradehall/contracts';

export function currentRoundAfter(current: RoundView | null, incoming: RoundView): RoundView | null {
  if (current === null || current.id === incoming.id || incoming.opensAt > current.opensAt) return incoming;
  return current;
}

/** The round a `round.<roomId>` event carries; null for the other topics' events. */
export function roundOf(event: TopicEvent): RoundView | null {
  switch (event.event) {
    case 'round.opened':
    case 'round.sealed':
    case 'round.drawing':
    case 'round.settled':
    case 'round.void':
      return event.data.round;
    default:
      return null;
  }
}
