/** GET /rooms/:id/rounds: the room's rounds, newest first, cursor-paged (the verification page). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { tradingKeys } from '../query-keys.ts';

export const roomRoundsQueryOptions = (roomId: string) =>
  pagedQueryOptions(tradingKeys.roomRounds(roomId), (query, signal) =>
    call(roomEndpoints.rounds, { params: { id: roomId }, query, signal }),
  );

export function useRoomRounds(roomId: string) {
  return useInfiniteQuery(roomRoundsQueryOptions(roomId));
}
