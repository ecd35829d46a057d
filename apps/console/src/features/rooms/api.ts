/** Rooms: list, change limits and house edge, pause and resume. */
import { adminRoomListSchema, adminRoomSchema, type updateRoomRequestSchema } from '@tradehall/contracts';
import type { z } from 'zod';
import { request } from '../../lib/api.ts';

export type AdminRoom = z.infer<typeof adminRoomSchema>;
export type UpdateRoomRequest = z.infer<typeof updateRoomRequestSchema>;

export const roomsKey = ['admin', 'rooms'] as const;

export const roomsQuery = {
  queryKey: roomsKey,
  queryFn: () => request('/admin/rooms', adminRoomListSchema),
};

export const updateRoom = (id: string, body: UpdateRoomRequest) =>
  request(`/admin/rooms/${id}`, adminRoomSchema, { method: 'PATCH', body });
export const pauseRoom = (id: string, reason: string) =>
  request(`/admin/rooms/${id}/pause`, adminRoomSchema, { method: 'POST', body: { reason } });
export const resumeRoom = (id: string, reason: string) =>
  request(`/admin/rooms/${id}/resume`, adminRoomSchema, { method: 'POST', body: { reason } });
