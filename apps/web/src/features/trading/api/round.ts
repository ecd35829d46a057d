/** GET /rounds/:id: one round (status, times, commitment, result once drawn) and the viewer's positions in it. */
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { RoundDetail, RoundView } from '@tradehall/contracts';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { isFinal } from '@tradehall/domain';
import { call } from '../../../lib/api-client.ts';
import { tradingKeys } from '../query-keys.ts';
import { mergeRoundDetail } from '../round-copies.ts';

export function fetchRound(id: string, signal?: AbortSignal): Promise<RoundDetail> {
  return call(roomEndpoints.round, { params: { id }, signal });
}

/** How long past a round's scheduled next move its cached copy is still trusted (events arrive late). */
const GRACE_MS = 2_000;

/**
 * Until when a cached round is up to date without asking: a final round never changes again; any other
 * one until its next scheduled move (seal, draw, settlement). A page watching the room gets every move
 * as an event (which writes the cache, so it stays fresh); a page that was away and missed one finds the
 * copy stale and asks. A round still drawing past its settlement time (waiting for its beacon value) is
 * asked for again by the next page that shows it.
 */
export function roundFreshUntil(round: RoundView): number {
  if (isFinal(round.status)) return Number.POSITIVE_INFINITY;
  if (round.status === 'open') return round.sealsAt * 1000 + GRACE_MS;
  if (round.status === 'sealed') return round.drawsAt * 1000 + GRACE_MS;
  return round.settlesAt * 1000 + GRACE_MS;
}

/**
 * With no id (no round chosen yet) nothing is asked. An answer is merged with the cached copy: an event
 * that arrived while the request was in flight is further along than the answer, and is kept.
 */
export const roundQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: tradingKeys.round(id ?? ''),
    queryFn:
      id === null
        ? skipToken
        : async ({ signal, client, queryKey }) => {
            const fresh = await fetchRound(id, signal);
            // Read after the answer, not before: what the cache holds when the answer lands.
            return mergeRoundDetail(client.getQueryData<RoundDetail>(queryKey), fresh);
          },
    staleTime: (query) => {
      const round = query.state.data?.round;
      if (!round) return 0;
      return Math.max(0, roundFreshUntil(round) - query.state.dataUpdatedAt);
    },
  });

export function useRound(id: string | null) {
  return useQuery(roundQueryOptions(id));
}
