/**
 * The one `/ws` connection of the app (spec §4, §7; DESIGN §7).
 *
 * - On open it sends the login frame (fresh each time: the current token and language), and once the
 *   server's `welcome` answers it re-subscribes every topic someone listens to, then re-sends the
 *   messages queued while it was closed. Waiting for the welcome keeps the order the server needs: a
 *   `user` subscription only counts after a login with a valid token.
 * - While closed, a check every SOCKET_RECONNECT_CHECK_MS (3 s) opens a new connection.
 * - The server's `ping` is answered with `{cmd:'pong'}`.
 * - A frame that cannot be parsed is logged and passed on as an error event; a listener that throws is
 *   logged too. Nothing here throws into the page.
 * - After login or logout `relogin()` reconnects at once with the new token.
 *
 * Topic subscriptions are reference-counted: the first listener of a topic sends `sub`, the last one
 * leaving sends `unsub`.
 */
import type { Topic, TopicEvent, WsCommand, WsServerFrame } from './protocol.ts';
import { parseServerFrame, USER_TOPIC, WS_CLOSE_UNAUTHENTICATED } from './protocol.ts';

/** `idle` before start() and after stop(); `connected` once the server welcomed the login. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected';

export type RealtimeError =
  | { kind: 'parse'; raw: string; reason: string }
  | { kind: 'server'; code: string; message: string }
  | { kind: 'closed'; code: number; reason: string };

export interface LoginFrameValues {
  token: string | null;
  language: string;
  clientId: string;
}

export interface RealtimeClientOptions {
  url: () => string;
  /** Read at every login: the session and language may have changed since the last one. */
  login: () => LoginFrameValues;
  clientName: string;
  reconnectCheckMs: number;
  createSocket?: (url: string) => WebSocket;
  logError?: (message: string, detail: unknown) => void;
}

type TopicListener = (event: TopicEvent) => void;
type StateListener = (state: ConnectionState) => void;
type ErrorListener = (error: RealtimeError) => void;
type ConnectedListener = (info: { reconnect: boolean; authenticated: boolean }) => void;

const OPEN = 1;

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private started = false;
  private welcomed = false;
  private authenticated = false;
  /** Set by a 4401 close: log in without the token until the session changes. */
  private tokenRejected = false;
  private state: ConnectionState = 'idle';
  private checkTimer: ReturnType<typeof setInterval> | null = null;
  private connections = 0;
  private readonly queue: string[] = [];
  private readonly topics = new Map<string, Set<TopicListener>>();
  private readonly stateListeners = new Set<StateListener>();
  private readonly errorListeners = new Set<ErrorListener>();
  private readonly connectedListeners = new Set<ConnectedListener>();

  constructor(private readonly options: RealtimeClientOptions) {}

  /** Connects and keeps the connection up until stop(). Calling it again does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.checkTimer = setInterval(() => this.check(), this.options.reconnectCheckMs);
    this.connect();
  }

  /** Disconnects for good; a later start() begins afresh (its first welcome is not a reconnect). */
  stop(): void {
    this.started = false;
    this.connections = 0;
    this.tokenRejected = false;
    if (this.checkTimer !== null) clearInterval(this.checkTimer);
    this.checkTimer = null;
    this.dropSocket(1000, 'stopped');
    this.setState('idle');
  }

  /** The session changed (login, logout, another account): log in again at once with the new token. */
  relogin(): void {
    this.tokenRejected = false;
    if (!this.started) return;
    this.dropSocket(1000, 'relogin');
    this.setState('disconnected');
    this.connect();
  }

  getState = (): ConnectionState => this.state;

  /** Sends now when connected, else queues until the next welcome. */
  send(command: WsCommand): void {
    const text = JSON.stringify(command);
    if (this.welcomed && this.socket?.readyState === OPEN) this.socket.send(text);
    else this.queue.push(text);
  }

  /** Listens to a topic's events; returns the function that stops listening. */
  subscribe(topic: Topic, listener: TopicListener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
      this.sendSubscription('sub', topic);
    }
    listeners.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.topics.delete(topic);
      this.sendSubscription('unsub', topic);
    };
  }

  onStateChange = (listener: StateListener): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onError(listener: ErrorListener): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Called at every welcome; `reconnect` is true from the second one on (events may have been missed). */
  onConnected(listener: ConnectedListener): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  // ---- connection -------------------------------------------------------------------------------

  private check(): void {
    if (this.started && this.socket === null) this.connect();
  }

  private connect(): void {
    if (!this.started || this.socket !== null) return;
    let socket: WebSocket;
    try {
      const url = this.options.url();
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch (error) {
      this.log('realtime: could not open the connection', error);
      this.setState('disconnected');
      return;
    }
    this.socket = socket;
    this.welcomed = false;
    this.setState('connecting');
    socket.onopen = () => this.sendLogin(socket);
    socket.onmessage = (message: MessageEvent) => this.receive(socket, message.data);
    socket.onclose = (event: CloseEvent) => this.closed(socket, event);
    // An error is always followed by a close, which is where the state changes.
    socket.onerror = () => {};
  }

  private sendLogin(socket: WebSocket): void {
    const { token, language, clientId } = this.options.login();
    const authorization = token && !this.tokenRejected ? `Bearer ${token}` : '';
    this.write(socket, {
      type: 'login',
      client_name: this.options.clientName,
      client_id: clientId,
      Accept_language: language,
      Authorization: authorization,
    });
  }

  private closed(socket: WebSocket, event: CloseEvent): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.welcomed = false;
    this.authenticated = false;
    if (event.code === WS_CLOSE_UNAUTHENTICATED) {
      // The token was refused (revoked, expired): reconnecting with it would be refused forever.
      this.tokenRejected = true;
      this.emitError({ kind: 'closed', code: event.code, reason: event.reason });
    }
    this.setState(this.started ? 'disconnected' : 'idle');
  }

  /** Detaches and closes the current socket without waiting for its close event. */
  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    this.welcomed = false;
    this.authenticated = false;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    try {
      socket.close(code, reason);
    } catch (error) {
      this.log('realtime: closing the connection failed', error);
    }
  }

  // ---- frames -----------------------------------------------------------------------------------

  private receive(socket: WebSocket, data: unknown): void {
    if (socket !== this.socket) return;
    const raw = typeof data === 'string' ? data : String(data);
    const parsed = parseServerFrame(raw);
    if (!parsed.ok) {
      this.log('realtime: a message could not be parsed', { raw, reason: parsed.reason });
      this.emitError({ kind: 'parse', raw, reason: parsed.reason });
      return;
    }
    this.handle(socket, parsed.frame);
  }

  private handle(socket: WebSocket, frame: WsServerFrame): void {
    switch (frame.type) {
      case 'ping':
        this.write(socket, { cmd: 'pong' });
        return;
      case 'welcome':
        this.welcomed = true;
        this.authenticated = frame.authenticated;
        this.connections += 1;
        for (const topic of this.topics.keys()) this.sendSubscription('sub', topic);
        for (const text of this.queue.splice(0)) socket.send(text);
        this.setState('connected');
        this.emitConnected({ reconnect: this.connections > 1, authenticated: frame.authenticated });
        return;
      case 'error':
        this.emitError({ kind: 'server', code: frame.code, message: frame.message });
        return;
      case 'event':
        this.dispatch(frame);
        return;
      default:
        // subscribed / unsubscribed: confirmations, nothing to do.
        return;
    }
  }

  private dispatch(event: TopicEvent): void {
    const listeners = this.topics.get(event.topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log(`realtime: a listener of ${event.topic} failed`, error);
      }
    }
  }

  private sendSubscription(cmd: 'sub' | 'unsub', topic: string): void {
    // Not connected: the topic set is the truth, re-sent after the next welcome.
    if (!this.welcomed || !this.socket) return;
    // Without a valid login the server refuses `user` (and closes); it is sent after a login that has one.
    if (topic === USER_TOPIC && !this.authenticated) return;
    this.write(this.socket, { cmd, msg: topic });
  }

  private write(socket: WebSocket, frame: object): void {
    if (socket.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify(frame));
    } catch (error) {
      this.log('realtime: sending failed', error);
    }
  }

  // ---- listeners --------------------------------------------------------------------------------

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) this.safely(() => listener(state));
  }

  private emitError(error: RealtimeError): void {
    for (const listener of [...this.errorListeners]) this.safely(() => listener(error));
  }

  private emitConnected(info: { reconnect: boolean; authenticated: boolean }): void {
    for (const listener of [...this.connectedListeners]) this.safely(() => listener(info));
  }

  private safely(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.log('realtime: a listener failed', error);
    }
  }

  private log(message: string, detail: unknown): void {
    (this.options.logError ?? console.error)(message, detail);
  }
}
