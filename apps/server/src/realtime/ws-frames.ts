/**
 * /ws frames: what a client sent, parsed against the contract, and what the server sends back. Parsing
 * never throws: anything a client can send maps to a frame or to the error code to answer with.
 */
import {
  type ErrorCode,
  errorMessageKey,
  type WsCommand,
  type WsLoginFrame,
  type WsServerFrame,
  wsCommandSchema,
  wsLoginFrameSchema,
} from '@tradehall/contracts';
import type { Locale } from '@tradehall/domain';
import type { DomainTopicEvent } from '../platform/events.ts';
import { translate } from '../platform/i18n.ts';

export type ClientFrame = { kind: 'login'; login: WsLoginFrame } | { kind: 'command'; command: WsCommand };

/** The error codes a /ws client can be answered with. */
export type WsErrorCode = Extract<
  ErrorCode,
  | 'MALFORMED_JSON'
  | 'UNKNOWN_COMMAND'
  | 'UNKNOWN_TOPIC'
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
>;

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; code: WsErrorCode };

export function parseClientFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'MALFORMED_JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, code: 'UNKNOWN_COMMAND' };
  }
  if ((value as { type?: unknown }).type === 'login') {
    const login = wsLoginFrameSchema.safeParse(value);
    return login.success
      ? { ok: true, frame: { kind: 'login', login: login.data } }
      : { ok: false, code: 'VALIDATION_FAILED' };
  }
  const command = wsCommandSchema.safeParse(value);
  return command.success
    ? { ok: true, frame: { kind: 'command', command: command.data } }
    : { ok: false, code: 'UNKNOWN_COMMAND' };
}

/**
 * The token in a login frame's Authorization: `Bearer <token>` as the contract says; a bare token is
 * accepted too (older clients sent it that way). Empty means an anonymous connection.
 */
export function bearerToken(authorization: string): string | null {
  const value = authorization.trim();
  if (value === '') return null;
  const match = /^bearer\s+(.*)$/i.exec(value);
  const token = (match ? (match[1] ?? '') : value).trim();
  return token === '' ? null : token;
}

export function errorFrame(code: WsErrorCode, locale: Locale): string {
  const frame: WsServerFrame = { type: 'error', code, message: translate(locale, errorMessageKey(code)) };
  return JSON.stringify(frame);
}

export function welcomeFrame(authenticated: boolean, serverTime: number): string {
  const frame: WsServerFrame = { type: 'welcome', authenticated, serverTime };
  return JSON.stringify(frame);
}

export function subscriptionFrame(type: 'subscribed' | 'unsubscribed', topic: string): string {
  const frame: WsServerFrame = { type, topic };
  return JSON.stringify(frame);
}

/**
 * An event frame's JSON, encoded once for every subscriber. A `user` event leaves without the userId
 * it was routed by: the connection it reaches is that user's.
 */
export function eventPayload(event: DomainTopicEvent, at: number): string {
  const { topic, event: name, data } = event;
  return JSON.stringify({ type: 'event', at, topic, event: name, data });
}

/**
 * A complete WebSocket text frame (RFC 6455 §5.2) around a payload: FIN, opcode 1, no mask (a server
 * never masks), the length in 7, 7+16 or 7+64 bits. Built once per broadcast and written as is to every
 * subscriber's socket, so a broadcast costs one write per client and nothing else (see WsConnection).
 */
export function textFrame(payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const length = body.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  body.copy(frame, headerLength);
  return frame;
}

export const PING_FRAME: Buffer = textFrame(JSON.stringify({ type: 'ping' } satisfies WsServerFrame));
