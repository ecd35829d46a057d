/**
 * The server's side of a room's rounds, seen from outside: the room's round list polled every 100 ms
 * (not cached on the server), noting when each round was first seen in each status. Journeys compare
 * the page's times with these.
 */
import { roomEndpoints } from '@tradehall/contracts/endpoints';
import { apiClient } from './api.ts';

export interface ServerRounds {
  /** When `roundId` was first seen in `status` (ms), if it has been. */
  seenAt: (roundId: string, status: string) => number | undefined;
  stop: () => Promise<void>;
}

export function watchServerRounds(baseUrl: string, roomId: string): ServerRounds {
  const seen = new Map<string, number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const list = await apiClient(baseUrl).call(roomEndpoints.rounds, {
        params: { id: roomId },
        query: { limit: 3 },
      });
      const at = Date.now();
      for (const round of list.items) {
        const key = `${round.id}:${round.status}`;
        if (!seen.has(key)) seen.set(key, at);
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
  })();
  return {
    seenAt: (roundId, status) => seen.get(`${roundId}:${status}`),
    stop: async () => {
      polling = false;
      await poller;
    },
  };
}
