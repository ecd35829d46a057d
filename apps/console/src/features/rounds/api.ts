/** Rounds per room with their positions summary, and the room's hash chains. */
import {
  adminRoomListSchema,
  adminRoundPageSchema,
  chainListSchema,
  chainSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

export type AdminRound = z.infer<typeof adminRoundPageSchema>['items'][number];
export type Chain = z.infer<typeof chainSchema>;

export const roomsQuery = {
  queryKey: ['admin', 'rooms'] as const,
  queryFn: () => request('/admin/rooms', adminRoomListSchema),
};

export const roundsKey = (roomId: string) => ['admin', 'rounds', roomId] as const;
export const fetchRoundPage = (roomId: string, cursor?: string) =>
  request(withQuery(`/admin/rooms/${roomId}/rounds`, { cursor, limit: 50 }), adminRoundPageSchema);

export const chainsQuery = (roomId: string) => ({
  queryKey: ['admin', 'chains', roomId] as const,
  queryFn: () => request(`/admin/rooms/${roomId}/chains`, chainListSchema),
});

export const createChain = (roomId: string, reason: string) =>
  request(`/admin/rooms/${roomId}/chains`, chainSchema, { method: 'POST', body: { reason } });
