/**
 * Realtime wire shapes (DESIGN §7, spec §4 and §7).
 *
 * `/ws` (plain WebSocket): the client sends a login frame on open, then `{cmd:'sub'|'unsub', msg:topic}`,
 * and answers the server's `{type:'ping'}` with `{cmd:'pong'}`. The server pushes `{type:'event'}` frames
 * on the topics below; anything wrong gets an `{type:'error'}` frame (authentication failures close the
 * socket with code 4401).
 *
 * socket.io (same host): event `new_msg` whose payload is a JSON *text* decoding to `newMsgSchema`.
 */
import { z } from 'zod';
import { idField, unixSeconds } from './common.ts';
import { marketOverviewSchema } from './market.ts';
import { POSITION_STATUSES } from './positions.ts';
import { roundSchema } from './rounds.ts';

export const WS_PATH = '/ws';
export const SOCKET_IO_PATH = '/socket.io';
/** Close code for an authentication failure (`user` topic without a valid token, a bad token at login). */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
/** Close code for a client that missed its pongs. */
export const WS_CLOSE_PING_TIMEOUT = 4408;
/** Close code for a client over its message-rate limit. */
export const WS_CLOSE_RATE_LIMITED = 4429;

// ---- topics -------------------------------------------------------------------------------------

export const MARKET_TOPIC = 'market';
export const USER_TOPIC = 'user';
export const ROUND_TOPIC_PREFIX = 'round.';
export type Topic = `round.${string}` | 'market' | 'user';

export function roundTopic(roomId: string): `round.${string}` {
  return `${ROUND_TOPIC_PREFIX}${roomId}`;
}

/** A topic string from a client, parsed; null when it names no topic we serve. */
export function parseTopic(value: string): Topic | null {
  if (value === MARKET_TOPIC || value === USER_TOPIC) return value;
  if (value.startsWith(ROUND_TOPIC_PREFIX)) {
    const roomId = value.slice(ROUND_TOPIC_PREFIX.length);
    return idField.safeParse(roomId).success ? roundTopic(roomId) : null;
  }
  return null;
}

// ---- client -> server ---------------------------------------------------------------------------

/** The login frame, with the spec's exact field names. Authorization is `Bearer <token>` or empty. */
export const wsLoginFrameSchema = z.object({
  type: z.literal('login'),
  client_name: z.string().max(64),
  client_id: z.string().max(128),
  Accept_language: z.string().max(32),
  Authorization: z.string().max(256),
});
export type WsLoginFrame = z.infer<typeof wsLoginFrameSchema>;

export const wsCommandSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('sub'), msg: z.string().max(128) }),
  z.object({ cmd: z.literal('unsub'), msg: z.string().max(128) }),
  z.object({ cmd: z.literal('pong') }),
]);
export type WsCommand = z.infer<typeof wsCommandSchema>;

// ---- server -> client ---------------------------------------------------------------------------

/** Round topic events: the round as the REST API shows it (end times from the server's clock). */
export const ROUND_EVENTS = [
  'round.opened',
  'round.sealed',
  'round.drawing',
  'round.settled',
  'round.void',
] as const;
export type RoundEventName = (typeof ROUND_EVENTS)[number];
export const USER_EVENTS = ['balance.changed', 'order.updated', 'round.outcome'] as const;
export type UserEventName = (typeof USER_EVENTS)[number];

export const roundEventDataSchema = z.object({ round: roundSchema });
export const balanceChangedDataSchema = z.object({
  /** The user's cash balance after the change, in cents. */
  balance: z.number().int(),
});
/**
 * A settled or voided round, told to each user who had a position in it: their positions' outcomes and
 * the account figures after it, so no screen has to ask the server again (a busy room's settlement would
 * otherwise bring one request per watcher).
 */
export const roundOutcomeDataSchema = z.object({
  roundId: idField,
  /** Cash balance after the payouts or refunds, in cents. */
  balance: z.number().int(),
  /** What can be withdrawn after it (the turnover rule applied), in cents. */
  withdrawable: z.number().int(),
  positions: z.array(
    z.object({
      id: idField,
      status: z.enum(POSITION_STATUSES),
      payout: z.number().int().nullable(),
      settledAt: unixSeconds.nullable(),
    }),
  ),
});
export type RoundOutcomeData = z.infer<typeof roundOutcomeDataSchema>;
export const ORDER_KINDS = ['position', 'deposit', 'withdrawal'] as const;
export const orderUpdatedDataSchema = z.object({
  kind: z.enum(ORDER_KINDS),
  id: idField,
  status: z.string(),
});

/** Every event a topic carries, discriminated by `event`. */
export const topicEventSchema = z.discriminatedUnion('event', [
  z.object({ topic: z.string(), event: z.literal('round.opened'), data: roundEventDataSchema }),
  z.object({ topic: z.string(), event: z.literal('round.sealed'), data: roundEventDataSchema }),
  z.object({ topic: z.string(), event: z.literal('round.drawing'), data: roundEventDataSchema }),
  z.object({ topic: z.string(), event: z.literal('round.settled'), data: roundEventDataSchema }),
  z.object({ topic: z.string(), event: z.literal('round.void'), data: roundEventDataSchema }),
  z.object({ topic: z.literal('market'), event: z.literal('market.updated'), data: marketOverviewSchema }),
  z.object({ topic: z.literal('user'), event: z.literal('balance.changed'), data: balanceChangedDataSchema }),
  z.object({ topic: z.literal('user'), event: z.literal('order.updated'), data: orderUpdatedDataSchema }),
  z.object({ topic: z.literal('user'), event: z.literal('round.outcome'), data: roundOutcomeDataSchema }),
]);
export type TopicEvent = z.infer<typeof topicEventSchema>;

export const wsServerFrameSchema = z.union([
  z.object({ type: z.literal('ping') }),
  /** Answer to login: whether a valid token came with it, and the server's clock. */
  z.object({ type: z.literal('welcome'), authenticated: z.boolean(), serverTime: unixSeconds }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ type: z.literal('event'), at: unixSeconds }).and(topicEventSchema),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type WsServerFrame = z.infer<typeof wsServerFrameSchema>;

// ---- socket.io new_msg ----------------------------------------------------------------------------

export const NEW_MSG_EVENT = 'new_msg';
export const NEW_MSG_TYPES = ['gaogaoall', 'gaogaoasx'] as const;
export const newMsgSchema = z.object({
  type: z.enum(NEW_MSG_TYPES),
  /** Plain text; clients render it as text, never as HTML. */
  content: z.string(),
  /** The addressee's uid (the user's id, as the web app stores it under `uid`) for gaogaoasx; empty for gaogaoall. */
  uid: z.string(),
});
export type NewMsg = z.infer<typeof newMsgSchema>;
