/**
 * Which copy of a round is the latest. A round only moves forward (open -> sealed -> drawing -> drawn ->
 * settled or void), and its copies reach a page by two roads that can cross: events, and answers to
 * requests. An answer read before an event can arrive after it (a request in flight while the round
 * settles), and events of one round can arrive out of order across nodes; either way the copy further
 * along is the true one, so no copy ever moves a round back. Several pages keep a room's current round
 * (hall, room, round page, home).
 */
import type { RoundView, TopicEvent } from '@tradehall/contracts';

/** How far along a round is; a drawing round with its digits is further than one waiting for its beacon. */
export function roundProgress(round: Pick<RoundView, 'status' | 'digits'>): number {
  switch (round.status) {
    case 'open':
      return 0;
    case 'sealed':
      return 1;
    case 'drawing':
      return round.digits === null ? 2 : 3;
    case 'settled':
    case 'void':
      return 4;
  }
}

/** Of two copies of the same round, the one further along (the incoming one when they are level). */
export function laterRound(known: RoundView, incoming: RoundView): RoundView {
  return roundProgress(known) > roundProgress(incoming) ? known : incoming;
}

/**
 * A room's current round after a round arrives (event or answer): a later copy of the same round, or a
 * newer round (the next one opened); a late copy of an older round changes nothing.
 */
export function currentRoundAfter(current: RoundView | null, incoming: RoundView): RoundView | null {
  if (current === null || incoming.opensAt > current.opensAt) return incoming;
  if (current.id === incoming.id) return laterRound(current, incoming);
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
