/** Customer service: a user's conversation with the operators, and the operators who read and answer. */
import { z } from 'zod';
import { pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  supportLocationRequestSchema,
  supportMessagePageSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportThreadPageSchema,
} from '../support.ts';

const userParams = z.strictObject({ userId: z.uuid() });

export const supportEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/support/messages',
    access: 'user',
    tags: ['support'],
    summary: 'My conversation with customer service, newest first',
    query: pageQuerySchema,
    status: 200,
    response: supportMessagePageSchema,
    errors: [],
  }),
  send: endpoint({
    method: 'POST',
    path: '/support/messages',
    access: 'user',
    tags: ['support'],
    summary: 'Write to customer service; a retry with the same idempotency key returns the first message',
    body: supportMessageRequestSchema,
    status: 201,
    response: supportMessageSchema,
    errors: ['IDEMPOTENCY_CONFLICT'],
  }),
  shareLocation: endpoint({
    method: 'POST',
    path: '/support/messages/location',
    access: 'user',
    tags: ['support'],
    summary:
      'Share a location with customer service (latitude -90..90, longitude -180..180, optional name ' +
      'and address); a retry with the same idempotency key returns the first message',
    body: supportLocationRequestSchema,
    status: 201,
    response: supportMessageSchema,
    errors: ['IDEMPOTENCY_CONFLICT'],
  }),
} as const;

export const adminSupportEndpoints = {
  threads: endpoint({
    method: 'GET',
    path: '/admin/support/threads',
    access: 'operator',
    tags: ['admin'],
    summary:
      'Users with a customer-service conversation, latest activity first, with how many of their ' +
      'messages await an answer',
    query: pageQuerySchema,
    status: 200,
    response: supportThreadPageSchema,
    errors: [],
  }),
  messages: endpoint({
    method: 'GET',
    path: '/admin/support/threads/:userId/messages',
    access: 'operator',
    tags: ['admin'],
    summary: "A user's customer-service conversation, newest first",
    params: userParams,
    query: pageQuerySchema,
    status: 200,
    response: supportMessagePageSchema,
    errors: [],
  }),
  reply: endpoint({
    method: 'POST',
    path: '/admin/support/threads/:userId/messages',
    access: 'operator',
    tags: ['admin'],
    summary: 'Answer a user: stored, audited, and pushed to the user as a personal notice',
    params: userParams,
    body: supportMessageRequestSchema,
    status: 201,
    response: supportMessageSchema,
    errors: [],
  }),
} as const;
