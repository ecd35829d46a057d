/**
 * socket.io notices (DESIGN §7): the client connects with `auth: { token }` (its session token; it never
 * names its own uid), is put in the room of its user, the room of its session and, unless the user
 * turned announcements off, in the announcements room. A `notice` domain event becomes a `new_msg` whose
 * payload is the JSON text of {type, content, uid}: `gaogaoall` to the announcements room, `gaogaoasx`
 * to the user's room. A `disconnect` event disconnects the sockets of the sessions it names (a session's
 * room, the user's room, or the user's room but one session's); a sweep every `expiryCheckMs`
 * disconnects those whose session has expired.
 *
 * With Redis every node's server carries the Redis adapter, so an emission, a socketsJoin/Leave or a
 * disconnectSockets made on any node reaches the matching sockets on every node; this node's own sockets
 * are served without Redis, so they keep getting their notices while it is down. Nodes without a
 * gateway (ROLE=api, scheduler) use a detached server: no HTTP server, no sockets of their own, the
 * adapter only, as an emitter (see docs/decisions/0011-realtime-gateway.md for why).
 */
import type { Server as HttpServer } from 'node:http';
import { errorMessageKey, NEW_MSG_EVENT, SOCKET_IO_PATH } from '@tradehall/contracts';
import { type Locale, resolveLocale } from '@tradehall/domain';
import { type ExtendedError, Server, type ServerOptions, type Socket } from 'socket.io';
import type { Clock } from '../platform/clock.ts';
import { CORS_MAX_AGE_SECONDS, isAllowedOrigin } from '../platform/cors.ts';
import type { DomainEvent, EndedSessions } from '../platform/events.ts';
import { translate } from '../platform/i18n.ts';
import type { Logger } from '../platform/logger.ts';
import { checkSession, type SessionAuthenticator, type SessionEndings } from './session-check.ts';
import { bearerToken } from './ws-frames.ts';

interface ServerToClientEvents {
  /** The payload is text: JSON of newMsgSchema. */
  [NEW_MSG_EVENT]: (payload: string) => void;
}
type ClientToServerEvents = Record<never, never>;
type InterServerEvents = Record<never, never>;
interface SocketData {
  userId: string;
  sessionId: string;
  /** Ms since the epoch. */
  expiresAt: number;
  /** SessionEndings' mark taken before the session was looked up. */
  endingsMark: number;
  announcements: boolean;
}

export type NoticeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type NoticeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const ANNOUNCEMENTS_ROOM = 'announcements';

export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The sockets opened with one session: what ending that session disconnects. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/** Clients send nothing but the handshake: a small limit costs nothing and bounds abuse. */
const MAX_HTTP_BUFFER_BYTES = 16 * 1024;

export interface SocketIoGatewayDeps {
  sessions: SessionAuthenticator;
  /** The session ends this node has heard of (shared with /ws). */
  endings: SessionEndings;
  clock: Clock;
  /** How often this node's sockets are checked for an expired session. */
  expiryCheckMs: number;
  /** Whether the user wants announcements pushed (their notification settings). */
  announcementsEnabled: (userId: string) => Promise<boolean>;
  /** Told the language of each authenticated connection (pushes to that user are rendered in it). */
  rememberLocale?: (userId: string, locale: Locale) => Promise<void>;
  logger: Logger;
}

export interface SocketIoOptions {
  /** Where to accept connections; null for a detached server (an emitter through the adapter). */
  httpServer: HttpServer | null;
  /** Accept the HTTP long-polling transport (needs sticky sessions across nodes). */
  polling: boolean;
  /** The Redis adapter when REDIS_URL is set; the in-memory one otherwise. */
  adapter?: ServerOptions['adapter'];
  /**
   * Origins whose pages may connect (APP_ORIGINS): their polling requests get CORS, and a handshake
   * from any other browser origin (not this host) is refused. Absent, every origin may connect.
   */
  allowedOrigins?: readonly string[];
}

export class SocketIoGateway {
  readonly io: NoticeServer;
  readonly #attached: boolean;
  #expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: SocketIoGatewayDeps,
    options: SocketIoOptions,
  ) {
    this.#attached = options.httpServer !== null;
    this.io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>({
      path: SOCKET_IO_PATH,
      serveClient: false,
      // /ws shares the HTTP server: the upgrade router decides what to do with other paths.
      destroyUpgrade: false,
      transports: options.polling ? ['polling', 'websocket'] : ['websocket'],
      maxHttpBufferSize: MAX_HTTP_BUFFER_BYTES,
      ...(options.adapter ? { adapter: options.adapter } : {}),
      ...(options.allowedOrigins ? originChecks(options.allowedOrigins) : {}),
    });
    if (options.httpServer) {
      this.io.attach(options.httpServer);
      this.#expiryTimer = setInterval(() => this.disconnectExpired(), deps.expiryCheckMs);
      this.#expiryTimer.unref();
    }
    this.io.use((socket, next) => {
      this.admit(socket).then(next, (error: unknown) => {
        this.deps.logger.error({ err: error }, 'socket.io login could not be checked');
        next(refusal('SERVICE_UNAVAILABLE', localeOf(socket)));
      });
    });
    this.io.on('connection', (socket) => {
      const rooms = [userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)];
      if (socket.data.announcements) rooms.push(ANNOUNCEMENTS_ROOM);
      void Promise.resolve(socket.join(rooms)).catch((error: unknown) => {
        this.deps.logger.error({ err: error }, 'socket.io join failed');
      });
      // In its rooms now (joining is synchronous with both adapters), so every later end finds it; an
      // end heard since its session was looked up may have missed it: look again.
      if (this.deps.endings.since(socket.data.endingsMark)) this.recheck(socket);
    });
  }

  /** Acts on a domain event produced on this node; the adapter carries it to the other nodes. */
  handle(event: DomainEvent): void {
    switch (event.channel) {
      case 'notice': {
        const room = event.userId === null ? ANNOUNCEMENTS_ROOM : userRoom(event.userId);
        this.io.to(room).emit(NEW_MSG_EVENT, JSON.stringify(event.msg));
        return;
      }
      case 'settings': {
        // Here at once, then everywhere: with the Redis adapter the cluster-wide call only reaches this
        // node's sockets when its request comes back from Redis, so not at all while Redis is down.
        // Applying it twice changes nothing.
        for (const sockets of [
          this.io.local.in(userRoom(event.userId)),
          this.io.in(userRoom(event.userId)),
        ]) {
          if (event.announcements) sockets.socketsJoin(ANNOUNCEMENTS_ROOM);
          else sockets.socketsLeave(ANNOUNCEMENTS_ROOM);
        }
        return;
      }
      case 'disconnect':
        // Likewise: this node's sockets at once, whether or not Redis carries the request. Through the
        // adapter, the request travels on the connection its later emissions do, so another node
        // disconnects the sockets before anything emitted after the end can reach them.
        this.endedSockets(event.userId, event.sessions, true).disconnectSockets(true);
        this.endedSockets(event.userId, event.sessions, false).disconnectSockets(true);
        return;
      case 'topic':
        return;
    }
  }

  /**
   * Drops every client of this node (they reconnect elsewhere). The Redis adapter is left by quitting
   * its subscriber connection (realtime.ts), not by adapter.close(): that one issues unsubscribe commands
   * without handling their failure, and a connection closing under them would be an unhandled rejection.
   */
  close(): void {
    if (this.#expiryTimer) clearInterval(this.#expiryTimer);
    this.#expiryTimer = null;
    if (this.#attached) this.io.engine.close();
  }

  /**
   * Another node's end of sessions, as the relay brought it: this node's sockets of those sessions
   * disconnect (again, if the adapter's request came first: a socket that was still being admitted then
   * is in its rooms by now).
   */
  endedElsewhere(event: Extract<DomainEvent, { channel: 'disconnect' }>): void {
    this.endedSockets(event.userId, event.sessions, true).disconnectSockets(true);
  }

  /** The sockets of the ended sessions: this node's only, or on every node (through the adapter). */
  private endedSockets(userId: string, sessions: EndedSessions, local: boolean) {
    const io = local ? this.io.local : this.io;
    switch (sessions.kind) {
      case 'all':
        return io.in(userRoom(userId));
      case 'one':
        return io.in(sessionRoom(sessions.sessionId));
      case 'allBut':
        return io.in(userRoom(userId)).except(sessionRoom(sessions.sessionId));
    }
  }

  /** Sockets of this node whose session has expired are disconnected. */
  private disconnectExpired(): void {
    const now = this.deps.clock.now().getTime();
    for (const socket of this.io.of('/').sockets.values()) {
      if (socket.data.expiresAt <= now) socket.disconnect(true);
    }
  }

  /** Looks the socket's session up again; disconnects it when the session is over. */
  private recheck(socket: NoticeSocket): void {
    const token = handshakeToken(socket);
    const check = token ? checkSession(this.deps.sessions, this.deps.endings, token) : Promise.resolve(null);
    check.then(
      (session) => {
        if (session?.sessionId !== socket.data.sessionId) socket.disconnect(true);
      },
      (error: unknown) => {
        // Unknown is not live: the client reconnects and is checked afresh.
        this.deps.logger.error({ err: error }, 'socket.io session could not be checked again');
        socket.disconnect(true);
      },
    );
  }

  /** Resolves with the middleware's verdict: undefined to admit, an error to refuse. */
  private async admit(socket: NoticeSocket): Promise<ExtendedError | undefined> {
    const locale = localeOf(socket);
    const token = handshakeToken(socket);
    socket.data.endingsMark = this.deps.endings.mark();
    const session = token ? await this.deps.sessions.authenticate(token) : null;
    if (!session) return refusal('UNAUTHENTICATED', locale);
    socket.data.userId = session.userId;
    socket.data.sessionId = session.sessionId;
    socket.data.expiresAt = session.expiresAt;
    if (socket.handshake.headers['accept-language']) {
      this.deps.rememberLocale?.(session.userId, locale).catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'remembering a socket.io language failed');
      });
    }
    socket.data.announcements = await this.deps
      .announcementsEnabled(session.userId)
      .catch((error: unknown) => {
        // Pushing an announcement to someone who turned them off is better than losing a reminder.
        this.deps.logger.error({ err: error }, 'notification settings unreadable; announcements on');
        return true;
      });
    return undefined;
  }
}

function handshakeToken(socket: NoticeSocket): string | null {
  const auth: unknown = socket.handshake.auth;
  const raw = typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
  return typeof raw === 'string' ? bearerToken(raw) : null;
}

function localeOf(socket: NoticeSocket): Locale {
  return resolveLocale(socket.handshake.headers['accept-language']);
}

/** A connect_error for the client: `message` is the code, `data` has the code and its translation. */
function refusal(code: 'UNAUTHENTICATED' | 'SERVICE_UNAVAILABLE', locale: Locale): ExtendedError {
  const error: ExtendedError = new Error(code);
  error.data = { code, message: translate(locale, errorMessageKey(code)) };
  return error;
}

/**
 * CORS for the polling transport (another line's page polls with its bearer token in the login payload,
 * not with cookies: no credentials), and a refusal of any other browser origin on every handshake.
 */
function originChecks(allowed: readonly string[]): Partial<ServerOptions> {
  return {
    cors: { origin: [...allowed], credentials: false, maxAge: CORS_MAX_AGE_SECONDS },
    allowRequest: (request, callback) => {
      const permitted = isAllowedOrigin(request.headers.origin, allowed, request.headers.host);
      callback(permitted ? null : 'origin not allowed', permitted);
    },
  };
}
