/**
 * The /ws gateway (DESIGN §7, spec §4 and §7; shapes in @tradehall/contracts realtime.ts).
 *
 * Protocol, as served here:
 * - The client's first frame is the login frame. Its Authorization is `Bearer <token>` or empty; a
 *   non-empty token that is not a live session closes the socket with 4401. The answer is `welcome`.
 *   A later login frame replaces the first (a user who logs in keeps the socket); the `user` topic is
 *   dropped when the identity changes.
 * - Before login, `sub`/`unsub` are answered with an UNAUTHENTICATED error frame and the socket stays
 *   open (the client sends its login first on every open, so this is a client bug, not an attack).
 * - `{cmd:'sub'|'unsub', msg: topic}` is answered by `subscribed`/`unsubscribed` (both idempotent).
 *   `round.<roomId>` must name an existing room, otherwise UNKNOWN_TOPIC; `user` without an
 *   authenticated login closes the socket with 4401.
 * - The server sends `{type:'ping'}` every pingIntervalMs; a connection from which nothing (a pong or
 *   anything else) was heard for pongTimeoutMs is closed with 4408 at the next ping round.
 * - When the session the login frame named ends (a `disconnect` event naming it, from any node) the
 *   socket gets an UNAUTHENTICATED error frame and is closed with 4401; so it is at the first ping round
 *   after the session expires. The user's connections of other sessions stay.
 * - Unparseable JSON: MALFORMED_JSON; a frame that is no command: UNKNOWN_COMMAND; a login frame with
 *   bad fields: VALIDATION_FAILED. A message over maxMessageBytes closes with 1009 (ws does it); over
 *   messagesPerSecond see RateWindow (RATE_LIMITED, then 4429).
 * - Error messages are in the language of the login frame (before it, of the upgrade's Accept-Language).
 *
 * Events are encoded once per event, as a complete WebSocket frame, and the same bytes are written to
 * every subscriber: at 10,000 subscribers anything done per client is paid 10,000 times.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  parseTopic,
  ROUND_TOPIC_PREFIX,
  USER_TOPIC,
  WS_CLOSE_PING_TIMEOUT,
  WS_CLOSE_RATE_LIMITED,
  WS_CLOSE_UNAUTHENTICATED,
} from '@tradehall/contracts';
import { type Locale, resolveLocale } from '@tradehall/domain';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Clock } from '../platform/clock.ts';
import { toUnixSeconds } from '../platform/clock.ts';
import type { RealtimeConfig } from '../platform/config.ts';
import { type DomainEvent, endsSession } from '../platform/events.ts';
import type { Logger } from '../platform/logger.ts';
import {
  checkSession,
  type RealtimeSession,
  type SessionAuthenticator,
  type SessionEndings,
} from './session-check.ts';
import { SubscriberIndex } from './subscriber-index.ts';
import { WsConnection } from './ws-connection.ts';
import {
  bearerToken,
  type ClientFrame,
  eventPayload,
  PING_FRAME,
  parseClientFrame,
  subscriptionFrame,
  textFrame,
  welcomeFrame,
} from './ws-frames.ts';

/** Close code when the server shuts down (the client reconnects, to another node if there is one). */
const WS_CLOSE_GOING_AWAY = 1001;
/** Close code when the login could not be checked (the database did not answer): retry later. */
const WS_CLOSE_SERVER_ERROR = 1011;
/** How long shutdown waits for clients to answer the close frame before cutting them off. */
const CLOSE_GRACE_MS = 2_000;

export interface WsGatewayDeps {
  config: RealtimeConfig;
  sessions: SessionAuthenticator;
  /** The session ends this node has heard of (shared with socket.io). */
  endings: SessionEndings;
  roomExists: (roomId: string) => Promise<boolean>;
  /** Told the language of each authenticated login (pushes to that user are rendered in it). */
  rememberLocale?: (userId: string, locale: Locale) => Promise<void>;
  clock: Clock;
  logger: Logger;
}

export class WsGateway {
  readonly #wss: WebSocketServer;
  readonly #connections = new Set<WsConnection>();
  /** Public topics (`market`, `round.<id>`) by name. */
  readonly #topics = new SubscriberIndex<WsConnection>();
  /** Connections subscribed to `user`, by user id. */
  readonly #userTopic = new SubscriberIndex<WsConnection>();
  /** Every authenticated connection, by user id. */
  readonly #byUser = new SubscriberIndex<WsConnection>();
  #pingTimer: NodeJS.Timeout | null = null;
  #closing = false;

  constructor(private readonly deps: WsGatewayDeps) {
    this.#wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: deps.config.maxMessageBytes,
      perMessageDeflate: false,
    });
    this.#pingTimer = setInterval(() => this.pingRound(), deps.config.pingIntervalMs);
    this.#pingTimer.unref();
  }

  /** For the upgrade router: an HTTP upgrade request for /ws. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.#closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket, request));
  }

  /**
   * Delivers a domain event to this node's subscribers (topic events) or acts on it (disconnect: the
   * connections of the ended sessions close, and nothing more is written to them).
   */
  deliver(event: DomainEvent, at: number = toUnixSeconds(this.deps.clock.now())): void {
    if (event.channel === 'topic') {
      const topicEvent = event.event;
      const targets =
        'userId' in topicEvent ? this.#userTopic.get(topicEvent.userId) : this.#topics.get(topicEvent.topic);
      if (targets.size === 0) return;
      const frame = textFrame(eventPayload(topicEvent, at));
      for (const connection of targets) connection.sendFrame(frame);
      return;
    }
    if (event.channel === 'disconnect') {
      for (const connection of [...this.#byUser.get(event.userId)]) {
        if (connection.sessionId !== null && endsSession(event.sessions, connection.sessionId)) {
          this.logOut(connection, 'session ended');
        }
      }
    }
  }

  get stats(): { connections: number; subscriptions: number } {
    return { connections: this.#connections.size, subscriptions: this.#topics.size + this.#userTopic.size };
  }

  /** Closes every client with 1001 (waiting briefly for their answers) and stops accepting. */
  async close(): Promise<void> {
    this.#closing = true;
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#pingTimer = null;
    const sockets = [...this.#connections].map((connection) => connection.socket);
    const closed = Promise.all(
      sockets.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()))),
    );
    for (const connection of this.#connections) connection.close(WS_CLOSE_GOING_AWAY, 'server shutting down');
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
    });
    await Promise.race([closed, grace]);
    clearTimeout(timer);
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  private accept(socket: WebSocket, stream: Duplex, request: IncomingMessage): void {
    const connection = new WsConnection(
      socket,
      stream,
      resolveLocale(request.headers['accept-language']),
      this.deps.config.messagesPerSecond,
      this.deps.logger,
    );
    this.#connections.add(connection);
    socket.on('message', (data) => this.receive(connection, data));
    // ws has already closed the socket (1009 for an oversize message, 1002 for a protocol error).
    socket.on('error', (error) => this.deps.logger.debug({ err: error }, 'ws client error'));
    socket.on('close', () => this.forget(connection));
  }

  private receive(connection: WsConnection, data: RawData): void {
    if (!connection.open) return;
    const now = performance.now();
    connection.heardAt = now;
    switch (connection.rate.hit(now)) {
      case 'ok':
        break;
      case 'warn':
        connection.sendError('RATE_LIMITED');
        return;
      case 'drop':
        return;
      case 'close':
        connection.close(WS_CLOSE_RATE_LIMITED, 'rate limited');
        return;
    }
    const parsed = parseClientFrame(rawText(data));
    if (!parsed.ok) {
      this.deps.logger.debug({ code: parsed.code }, 'ws frame refused');
      connection.sendError(parsed.code);
      return;
    }
    const { frame } = parsed;
    // A pong only proves liveness, already noted above.
    if (frame.kind === 'command' && frame.command.cmd === 'pong') return;
    connection.enqueue(() => this.handle(connection, frame));
  }

  private async handle(connection: WsConnection, frame: ClientFrame): Promise<void> {
    if (!connection.open) return;
    if (frame.kind === 'login') {
      await this.login(connection, frame.login.Authorization, frame.login.Accept_language);
      return;
    }
    const { command } = frame;
    if (command.cmd === 'pong') return;
    if (!connection.loggedIn) {
      connection.sendError('UNAUTHENTICATED');
      return;
    }
    if (command.cmd === 'sub') await this.subscribe(connection, command.msg);
    else this.unsubscribe(connection, command.msg);
  }

  private async login(connection: WsConnection, authorization: string, language: string): Promise<void> {
    if (language.trim() !== '') connection.locale = resolveLocale(language);
    const token = bearerToken(authorization);
    let session: RealtimeSession | null = null;
    if (token) {
      let auth: RealtimeSession | null;
      try {
        auth = await checkSession(this.deps.sessions, this.deps.endings, token);
      } catch (error) {
        this.deps.logger.error({ err: error }, 'ws login could not be checked');
        connection.sendError('SERVICE_UNAVAILABLE');
        connection.close(WS_CLOSE_SERVER_ERROR, 'try again');
        return;
      }
      if (!auth) {
        connection.sendError('UNAUTHENTICATED');
        connection.close(WS_CLOSE_UNAUTHENTICATED, 'unauthenticated');
        return;
      }
      session = auth;
      if (language.trim() !== '') {
        this.deps.rememberLocale?.(auth.userId, connection.locale).catch((error: unknown) => {
          this.deps.logger.warn({ err: error }, 'remembering a ws login language failed');
        });
      }
    }
    if (!connection.open) return;
    this.identify(connection, session);
    connection.loggedIn = true;
    connection.send(welcomeFrame(session !== null, toUnixSeconds(this.deps.clock.now())));
  }

  private identify(connection: WsConnection, session: RealtimeSession | null): void {
    const userId = session?.userId ?? null;
    // The same user may log in again with another session: the new one is the one that counts.
    connection.sessionId = session?.sessionId ?? null;
    connection.expiresAt = session?.expiresAt ?? Number.POSITIVE_INFINITY;
    if (connection.userId === userId) return;
    if (connection.userId !== null) {
      this.#byUser.remove(connection.userId, connection);
      this.#userTopic.remove(connection.userId, connection);
      connection.topics.delete(USER_TOPIC);
    }
    connection.userId = userId;
    if (userId !== null) this.#byUser.add(userId, connection);
  }

  private async subscribe(connection: WsConnection, text: string): Promise<void> {
    const topic = parseTopic(text);
    if (!topic) {
      connection.sendError('UNKNOWN_TOPIC');
      return;
    }
    if (topic === USER_TOPIC) {
      if (connection.userId === null) {
        connection.sendError('UNAUTHENTICATED');
        connection.close(WS_CLOSE_UNAUTHENTICATED, 'user topic needs a login');
        return;
      }
      this.#userTopic.add(connection.userId, connection);
    } else {
      if (topic.startsWith(ROUND_TOPIC_PREFIX) && !connection.topics.has(topic)) {
        let exists: boolean;
        try {
          exists = await this.deps.roomExists(topic.slice(ROUND_TOPIC_PREFIX.length));
        } catch (error) {
          this.deps.logger.error({ err: error }, 'ws subscription could not be checked');
          connection.sendError('SERVICE_UNAVAILABLE');
          return;
        }
        if (!exists) {
          connection.sendError('UNKNOWN_TOPIC');
          return;
        }
        if (!connection.open) return;
      }
      this.#topics.add(topic, connection);
    }
    connection.topics.add(topic);
    connection.send(subscriptionFrame('subscribed', topic));
  }

  private unsubscribe(connection: WsConnection, text: string): void {
    const topic = parseTopic(text);
    if (!topic) {
      connection.sendError('UNKNOWN_TOPIC');
      return;
    }
    this.drop(connection, topic);
    connection.send(subscriptionFrame('unsubscribed', topic));
  }

  private drop(connection: WsConnection, topic: string): void {
    connection.topics.delete(topic);
    if (topic === USER_TOPIC) {
      if (connection.userId !== null) this.#userTopic.remove(connection.userId, connection);
    } else {
      this.#topics.remove(topic, connection);
    }
  }

  private forget(connection: WsConnection): void {
    if (!this.#connections.delete(connection)) return;
    for (const topic of [...connection.topics]) this.drop(connection, topic);
    if (connection.userId !== null) this.#byUser.remove(connection.userId, connection);
  }

  /** The connection's session is over: it hears so, and is closed. */
  private logOut(connection: WsConnection, reason: string): void {
    connection.sendError('UNAUTHENTICATED');
    connection.close(WS_CLOSE_UNAUTHENTICATED, reason);
  }

  /**
   * Pings every client, and closes those not heard from within the pong timeout and those whose session
   * has expired (the one comparison per connection is paid in this loop anyway).
   */
  private pingRound(): void {
    const now = performance.now();
    const nowMs = this.deps.clock.now().getTime();
    const { pongTimeoutMs } = this.deps.config;
    for (const connection of this.#connections) {
      if (now - connection.heardAt > pongTimeoutMs) connection.close(WS_CLOSE_PING_TIMEOUT, 'ping timeout');
      else if (connection.expiresAt <= nowMs) this.logOut(connection, 'session expired');
      else connection.sendFrame(PING_FRAME);
    }
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
