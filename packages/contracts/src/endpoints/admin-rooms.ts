/** The operators' rooms: edit and pause (admin role), their rounds, and their fairness chains. */
import { z } from 'zod';
import {
  adminRoomListSchema,
  adminRoomSchema,
  adminRoundPageSchema,
  chainListSchema,
  chainSchema,
  updateRoomRequestSchema,
} from '../admin-rooms.ts';
import { reasonRequestSchema } from '../admin-users.ts';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';

const cursorQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const adminRoomEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/rooms',
    access: 'operator',
    tags: ['admin'],
    summary: 'Every room with its limits, timings, edge (a pending one if set) and paused state',
    status: 200,
    response: adminRoomListSchema,
    errors: [],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/admin/rooms/:id',
    access: 'operator',
    role: 'admin',
    tags: ['admin'],
    summary:
      'Edit a room (admin role): limits apply to positions placed from now, timings and edge from the next round',
    params: idParamsSchema,
    body: updateRoomRequestSchema,
    status: 200,
    response: adminRoomSchema,
    errors: [],
  }),
  pause: endpoint({
    method: 'POST',
    path: '/admin/rooms/:id/pause',
    access: 'operator',
    role: 'admin',
    tags: ['admin'],
    summary: 'Pause (admin role): the current round finishes, no new one opens, positions are refused',
    params: idParamsSchema,
    body: reasonRequestSchema,
    status: 200,
    response: adminRoomSchema,
    errors: [],
  }),
  resume: endpoint({
    method: 'POST',
    path: '/admin/rooms/:id/resume',
    access: 'operator',
    role: 'admin',
    tags: ['admin'],
    summary: 'Resume (admin role): the next round opens on the engine’s next tick',
    params: idParamsSchema,
    body: reasonRequestSchema,
    status: 200,
    response: adminRoomSchema,
    errors: [],
  }),
  rounds: endpoint({
    method: 'GET',
    path: '/admin/rooms/:id/rounds',
    access: 'operator',
    tags: ['admin'],
    summary: 'The room’s rounds, newest first: chain, index, positions summary; hash and digits once drawn',
    params: idParamsSchema,
    query: cursorQuery,
    status: 200,
    response: adminRoundPageSchema,
    errors: [],
  }),
  chains: endpoint({
    method: 'GET',
    path: '/admin/rooms/:id/chains',
    access: 'operator',
    tags: ['admin'],
    summary:
      'The room’s fairness chains, newest first: terminal hash, salt, how much is used, which is active',
    params: idParamsSchema,
    status: 200,
    response: chainListSchema,
    errors: [],
  }),
  createChain: endpoint({
    method: 'POST',
    path: '/admin/rooms/:id/chains',
    access: 'operator',
    role: 'admin',
    tags: ['admin'],
    summary:
      'Create the room’s next chain (admin role): its terminal hash is published now, before any round uses it',
    params: idParamsSchema,
    body: reasonRequestSchema,
    status: 201,
    response: chainSchema,
    errors: [],
  }),
} as const;
