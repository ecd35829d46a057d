/** Customer service: the users with a conversation, one conversation, and the operator's reply. */
import {
  type SupportMessage,
  supportMessagePageSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportThreadPageSchema,
  type supportThreadSchema,
} from '@tradehall/contracts';
import type { z } from 'zod';
import { request, withQuery } from '../../lib/api.ts';

export type { SupportMessage };
/** A thread keyed by its user (tables and lists need an `id`). */
export type SupportThread = z.infer<typeof supportThreadSchema> & { id: string };

export const supportKey = ['admin', 'support'] as const;
export const threadsKey = [...supportKey, 'threads'] as const;
export const messagesKey = (userId: string) => [...supportKey, 'messages', userId] as const;

export const fetchThreadPage = async (cursor?: string) => {
  const page = await request(
    withQuery('/admin/support/threads', { cursor, limit: 50 }),
    supportThreadPageSchema,
  );
  return { ...page, items: page.items.map((thread) => ({ ...thread, id: thread.userId })) };
};

/** Newest first, as the server sends them. */
export const fetchMessagePage = (userId: string, cursor?: string) =>
  request(
    withQuery(`/admin/support/threads/${encodeURIComponent(userId)}/messages`, { cursor, limit: 50 }),
    supportMessagePageSchema,
  );

/** One reply; a fresh idempotency key per attempt (the button is disabled while one is in flight). */
export const sendReply = (userId: string, text: string) =>
  request(`/admin/support/threads/${encodeURIComponent(userId)}/messages`, supportMessageSchema, {
    method: 'POST',
    body: supportMessageRequestSchema.parse({ text, idempotencyKey: crypto.randomUUID() }),
  });
