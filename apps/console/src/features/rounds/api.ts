/** Rounds per room with their positions summary, and the room's hash chains. */
import type { adminRoundPageSchema, chainSchema } from '@tradehall/contracts';
import { adminRoomEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type AdminRound = z.infer<typeof adminRoundPageSchema>['items'][number];
export type Chain = z.infer<typeof chainSchema>;

export const roomsQuery = {
  queryKey: ['admin', 'rooms'] as const,
  queryFn: () => call(adminRoomEndpoints.list),
};

export const roundsKey = (roomId: string) => ['admin', 'rounds', roomId] as const;
export const fetchRoundPage = (roomId: string, cursor?: string) =>
  call(adminRoomEndpoints.rounds, { params: { id: roomId }, query: { cursor, limit: 50 } });

export const chainsQuery = (roomId: string) => ({
  queryKey: ['admin', 'chains', roomId] as const,
  queryFn: () => call(adminRoomEndpoints.chains, { params: { id: roomId } }),
});

export const createChain = (roomId: string, reason: string) =>
  call(adminRoomEndpoints.createChain, { params: { id: roomId }, body: { reason } });
