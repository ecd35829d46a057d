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

export const PING_FRAME: string = JSON.stringify({ type: 'ping' } satisfies WsServerFrame);

/**
 * An event frame, encoded once for every subscriber. A `user` event leaves without the userId it was
 * routed by: the connection it reaches is that user's.
 */
export function eventFrame(event: DomainTopicEvent, at: number): Buffer {
  const { topic, event: name, data } = event;
  return Buffer.from(JSON.stringify({ type: 'event', at, topic, event: name, data }));
}
