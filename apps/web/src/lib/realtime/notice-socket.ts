/**
 * The socket.io connection for notices (`new_msg`). It exists only while someone is logged in: it
 * authenticates with the session token (`auth: { token }`; the server knows the uid from it, a client
 * never names its own), reconnects with the new token after a login and disconnects on logout.
 * socket.io-client is loaded on first use, so it does not weigh on the initial JavaScript. It connects
 * to the server line in use (lib/storage.ts) and moves when the user switches line.
 */
import type { Socket } from 'socket.io-client';
import { lineOrigin } from '../api-client.ts';
import { subscribeServerLine } from '../storage.ts';
import { isForMe, NEW_MSG_EVENT, type NewMsg, parseNewMsg, SOCKET_IO_PATH } from './new-msg.ts';

type SocketIoModule = typeof import('socket.io-client');

export interface NoticeSocketOptions {
  /** Where the socket.io server is when no other server line was chosen (the page's origin). */
  origin: () => string;
  /** The chosen server line's origin, '' for the page's own (default: the API client's). */
  line?: () => string;
  /** Line switches; returns the unsubscribe function (default: lib/storage.ts). */
  subscribeLine?: (listener: () => void) => () => void;
  token: () => string | null;
  uid: () => string | null;
  /** Login/logout notifications; returns the unsubscribe function. */
  subscribeSession: (listener: () => void) => () => void;
  /** A message for this user, already checked against the stored uid. */
  onNotice: (msg: NewMsg) => void;
  /** Every (re)connection: notices sent meanwhile were missed, counts may have changed. */
  onConnect?: () => void;
  load?: () => Promise<SocketIoModule>;
  logError?: (message: string, detail: unknown) => void;
}

export class NoticeSocket {
  private socket: Socket | null = null;
  private token: string | null = null;
  private started = false;
  private stopWatching: (() => void) | null = null;
  private stopWatchingLine: (() => void) | null = null;
  /** Increases with every session change, so a slow module load cannot connect a stale session. */
  private generation = 0;

  constructor(private readonly options: NoticeSocketOptions) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopWatching = this.options.subscribeSession(() => this.sync());
    this.stopWatchingLine = (this.options.subscribeLine ?? subscribeServerLine)(() => this.moveLine());
    this.sync();
  }

  stop(): void {
    this.started = false;
    this.stopWatching?.();
    this.stopWatching = null;
    this.stopWatchingLine?.();
    this.stopWatchingLine = null;
    this.generation += 1;
    this.disconnect();
    this.token = null;
  }

  /** Whether a socket is currently set up (for tests and diagnostics). */
  get active(): boolean {
    return this.socket !== null;
  }

  private sync(): void {
    const token = this.started ? this.options.token() : null;
    if (token === this.token) return;
    this.token = token;
    this.generation += 1;
    this.disconnect();
    if (token === null) return;
    const generation = this.generation;
    const load = this.options.load ?? (() => import('socket.io-client'));
    load().then(
      (module) => {
        if (generation === this.generation) this.connect(module, token);
      },
      (error: unknown) => this.log('notices: socket.io-client could not be loaded', error),
    );
  }

  /** The user switched line: the same session, connected again on the new line. */
  private moveLine(): void {
    const token = this.token;
    this.token = null;
    this.disconnect();
    if (token !== null) this.sync();
  }

  private connect({ io }: SocketIoModule, token: string): void {
    const line = (this.options.line ?? lineOrigin)();
    const socket = io(line === '' ? this.options.origin() : line, {
      path: SOCKET_IO_PATH,
      auth: { token },
      // WebSocket only: no long-polling session that a load balancer would have to keep on one node.
      transports: ['websocket'],
    });
    socket.on(NEW_MSG_EVENT, (payload: unknown) => this.receive(payload));
    socket.on('connect', () => this.options.onConnect?.());
    socket.on('connect_error', (error: Error) =>
      this.log('notices: socket.io connection failed', error.message),
    );
    this.socket = socket;
  }

  private receive(payload: unknown): void {
    const parsed = parseNewMsg(payload);
    if (!parsed.ok) {
      this.log('notices: a new_msg could not be parsed', { payload, reason: parsed.reason });
      return;
    }
    if (!isForMe(parsed.msg, this.options.uid())) return;
    try {
      this.options.onNotice(parsed.msg);
    } catch (error) {
      this.log('notices: showing a notice failed', error);
    }
  }

  private disconnect(): void {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }

  private log(message: string, detail: unknown): void {
    (this.options.logError ?? console.error)(message, detail);
  }
}
