/**
 * Customer service (spec §2 tab 4, DESIGN §7 `GET/POST /support/messages`): one conversation per user
 * with the operators. Plain text both ways, shown as text; a user may also share a location (a point with
 * an optional name and address), which the apps show as a card that opens the point on a map.
 */
import { z } from 'zod';
import { idField, multilineTextField, pageOf, textField, unixSeconds, validText } from './common.ts';

export const SUPPORT_AUTHORS = ['user', 'operator'] as const;
export const SUPPORT_MESSAGE_KINDS = ['text', 'location'] as const;
export type SupportMessageKind = (typeof SUPPORT_MESSAGE_KINDS)[number];

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;
/** A place's name ("Central Station") and address: enough for a label, not a document. */
export const LOCATION_NAME_MAX = 100;
export const LOCATION_ADDRESS_MAX = 200;

/** A point on the earth in degrees (WGS 84, as maps and the browser's geolocation give it). */
export const latitudeField = z.number().min(LATITUDE_MIN).max(LATITUDE_MAX);
export const longitudeField = z.number().min(LONGITUDE_MIN).max(LONGITUDE_MAX);

/**
 * A location as a user shares it: the point, and a name and address if they gave them (trimmed, one
 * line each; an empty one is the same as none).
 */
export const sharedLocationSchema = z.strictObject({
  lat: latitudeField,
  lng: longitudeField,
  name: textField(LOCATION_NAME_MAX, { trim: true }).optional(),
  address: textField(LOCATION_ADDRESS_MAX, { trim: true }).optional(),
});
export type SharedLocation = z.infer<typeof sharedLocationSchema>;

/** A shared location as stored and sent back: absent name and address are null. */
export const supportLocationSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  name: z.string().nullable(),
  address: z.string().nullable(),
});
export type SupportLocation = z.infer<typeof supportLocationSchema>;

export const supportMessageSchema = z.object({
  id: idField,
  author: z.enum(SUPPORT_AUTHORS),
  /** The operator's account for operator messages; null for the user's own. */
  operatorAccount: z.string().nullable(),
  /** `text`: the words are in `text`; `location`: the point is in `location` and `text` is empty. */
  kind: z.enum(SUPPORT_MESSAGE_KINDS),
  text: z.string(),
  location: supportLocationSchema.nullable(),
  createdAt: unixSeconds,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
/** Newest first, cursor paginated. */
export const supportMessagePageSchema = pageOf(supportMessageSchema);

const idempotencyKeyField = validText(z.string().min(8).max(100));

export const supportMessageRequestSchema = z.strictObject({
  text: multilineTextField(1000, 'validation.messageRequired'),
  idempotencyKey: idempotencyKeyField,
});
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;

/** POST /support/messages/location: the user shares a location with customer service. */
export const supportLocationRequestSchema = z.strictObject({
  location: sharedLocationSchema,
  idempotencyKey: idempotencyKeyField,
});
export type SupportLocationRequest = z.infer<typeof supportLocationRequestSchema>;

/** GET /admin/support/threads: users with a conversation, latest activity first. */
export const supportThreadSchema = z.object({
  userId: idField,
  account: z.string(),
  /** The latest message's text; for a shared location, the place's name (empty without one). */
  lastText: z.string(),
  lastKind: z.enum(SUPPORT_MESSAGE_KINDS),
  lastAuthor: z.enum(SUPPORT_AUTHORS),
  lastAt: unixSeconds,
  /** User messages since the last operator answer. */
  awaitingReply: z.number().int(),
});
export const supportThreadPageSchema = pageOf(supportThreadSchema);
