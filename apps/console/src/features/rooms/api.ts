/** Rooms: list, change limits and house edge, pause and resume. */
import type { adminRoomSchema, updateRoomRequestSchema } from '@tradehall/contracts';
import { adminRoomEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type AdminRoom = z.infer<typeof adminRoomSchema>;
export type UpdateRoomRequest = z.infer<typeof updateRoomRequestSchema>;

export const roomsKey = ['admin', 'rooms'] as const;

export const roomsQuery = {
  queryKey: roomsKey,
  queryFn: () => call(adminRoomEndpoints.list),
};

export const updateRoom = (id: string, body: UpdateRoomRequest) =>
  call(adminRoomEndpoints.update, { params: { id }, body });
export const pauseRoom = (id: string, reason: string) =>
  call(adminRoomEndpoints.pause, { params: { id }, body: { reason } });
export const resumeRoom = (id: string, reason: string) =>
  call(adminRoomEndpoints.resume, { params: { id }, body: { reason } });
