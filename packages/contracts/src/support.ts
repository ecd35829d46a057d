/**
 * Customer service (spec §2 tab 4, DESIGN §7 `GET/POST /support/messages`): one conversation per user
 * with the operators. Plain text both ways, shown as text.
 */
import { z } from 'zod';
import { idField, multilineTextField, unixSeconds, validText } from './fields.ts';
import { pageOf } from './funding.ts';

export const SUPPORT_AUTHORS = ['user', 'operator'] as const;

export const supportMessageSchema = z.object({
  id: idField,
  author: z.enum(SUPPORT_AUTHORS),
  /** The operator's account for operator messages; null for the user's own. */
  operatorAccount: z.string().nullable(),
  text: z.string(),
  createdAt: unixSeconds,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
/** Newest first, cursor paginated. */
export const supportMessagePageSchema = pageOf(supportMessageSchema);

export const supportMessageRequestSchema = z.strictObject({
  text: multilineTextField(1000, 'validation.messageRequired'),
  idempotencyKey: validText(z.string().min(8).max(100)),
});
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;

/** GET /admin/support/threads: users with a conversation, latest activity first. */
export const supportThreadSchema = z.object({
  userId: idField,
  account: z.string(),
  lastText: z.string(),
  lastAuthor: z.enum(SUPPORT_AUTHORS),
  lastAt: unixSeconds,
  /** User messages since the last operator answer. */
  awaitingReply: z.number().int(),
});
export const supportThreadPageSchema = pageOf(supportThreadSchema);
