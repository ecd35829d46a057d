/**
 * The `/ws` protocol as the web app speaks it (DESIGN §7, spec §4 and §7). The wire shapes are the
 * contract's (`@tradehall/contracts` realtime.ts). The contract's constants are mirrored here with their
 * literal types taken from the contract, so a change there fails to compile here: importing their values
 * would pull zod and every schema into the initial JavaScript, which the frame checks below do not need.
 */
import type {
  WS_CLOSE_UNAUTHENTICATED as ContractCloseUnauthenticated,
  MARKET_TOPIC as ContractMarketTopic,
  ROUND_TOPIC_PREFIX as ContractRoundTopicPrefix,
  USER_TOPIC as ContractUserTopic,
  WS_PATH as ContractWsPath,
  Topic,
  TopicEvent,
  WsCommand,
  WsServerFrame,
} from '@tradehall/contracts';

export type { Topic, TopicEvent, WsCommand, WsServerFrame };

export const WS_PATH: typeof ContractWsPath = '/ws';
export const MARKET_TOPIC: typeof ContractMarketTopic = 'market';
export const USER_TOPIC: typeof ContractUserTopic = 'user';
export const ROUND_TOPIC_PREFIX: typeof ContractRoundTopicPrefix = 'round.';
export const WS_CLOSE_UNAUTHENTICATED: typeof ContractCloseUnauthenticated = 4401;

/** How this app names itself in the login frame. */
export const CLIENT_NAME = 'tradehall-web';

export function roundTopic(roomId: string): `round.${string}` {
  return `${ROUND_TOPIC_PREFIX}${roomId}`;
}

/** The `/ws` address on the host that served the page (http → ws, https → wss). */
export function wsUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${WS_PATH}`;
}

export type ParsedFrame = { ok: true; frame: WsServerFrame } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A server frame from its text. The checks are structural (what the client relies on to route a frame);
 * an event's `data` is the server's, typed by the contract.
 */
export function parseServerFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'not JSON' };
  }
  if (!isRecord(value) || typeof value.type !== 'string') return { ok: false, reason: 'no frame type' };
  switch (value.type) {
    case 'ping':
      return { ok: true, frame: { type: 'ping' } };
    case 'welcome':
      if (typeof value.authenticated !== 'boolean')
        return { ok: false, reason: 'welcome without authenticated' };
      return {
        ok: true,
        frame: {
          type: 'welcome',
          authenticated: value.authenticated,
          serverTime: typeof value.serverTime === 'number' ? value.serverTime : 0,
        },
      };
    case 'subscribed':
    case 'unsubscribed':
      if (typeof value.topic !== 'string') return { ok: false, reason: `${value.type} without topic` };
      return { ok: true, frame: { type: value.type, topic: value.topic } };
    case 'error':
      return {
        ok: true,
        frame: {
          type: 'error',
          code: typeof value.code === 'string' ? value.code : 'UNKNOWN',
          message: typeof value.message === 'string' ? value.message : '',
        },
      };
    case 'event':
      if (typeof value.topic !== 'string' || typeof value.event !== 'string' || !isRecord(value.data)) {
        return { ok: false, reason: 'event without topic, event or data' };
      }
      return { ok: true, frame: value as WsServerFrame };
    default:
      return { ok: false, reason: `unknown frame type ${value.type}` };
  }
}
