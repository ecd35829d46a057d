/** Customer service: the users with a conversation, one conversation, and the operator's reply. */
import {
  type SupportMessage,
  supportMessageRequestSchema,
  type supportThreadSchema,
} from '@tradehall/contracts';
import { adminSupportEndpoints } from '@tradehall/contracts/endpoints';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';

export type { SupportMessage };
/** A thread keyed by its user (tables and lists need an `id`). */
export type SupportThread = z.infer<typeof supportThreadSchema> & { id: string };

export const supportKey = ['admin', 'support'] as const;
export const threadsKey = [...supportKey, 'threads'] as const;
export const messagesKey = (userId: string) => [...supportKey, 'messages', userId] as const;

export const fetchThreadPage = async (cursor?: string) => {
  const page = await call(adminSupportEndpoints.threads, { query: { cursor, limit: 50 } });
  return { ...page, items: page.items.map((thread) => ({ ...thread, id: thread.userId })) };
};

/** Newest first, as the server sends them. */
export const fetchMessagePage = (userId: string, cursor?: string) =>
  call(adminSupportEndpoints.messages, { params: { userId }, query: { cursor, limit: 50 } });

/** One reply; a fresh idempotency key per attempt (the button is disabled while one is in flight). */
export const sendReply = (userId: string, text: string) =>
  call(adminSupportEndpoints.reply, {
    params: { userId },
    body: supportMessageRequestSchema.parse({ text, idempotencyKey: crypto.randomUUID() }),
  });
