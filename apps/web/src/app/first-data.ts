/**
 * The data a first screen's page asks for first, requested while the page's chunk is still on its way
 * rather than once the page has rendered: on a phone that is one round trip less before the page shows
 * its content (the room's current round is the room page's largest paint). The page's own query finds
 * the request in flight, or its answer in the cache, under the same key.
 */
import type { QueryClient } from '@tanstack/react-query';
import { roomQueryOptions } from '../features/trading/api/room.ts';
import { ROOM_PATH } from '../lib/paths.ts';

export function prefetchFirstData(hash: string, queryClient: QueryClient): void {
  const [path, search] = hash.replace(/^#/, '').split('?');
  if (path !== ROOM_PATH) return;
  const roomId = new URLSearchParams(search).get('room');
  // prefetchQuery never rejects: a failure is the page's own query's to show.
  if (roomId) void queryClient.prefetchQuery(roomQueryOptions(roomId));
}
