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
 * Topic subscriptions are reference-counted: the first listener of a topic sends `sub`; when the last
 * one leaves, the subscription lingers for `unsubscribeLingerMs` before `unsub` is sent. Moving from one
 * page to another that watches the same room unsubscribes and subscribes again within milliseconds, and
 * the server delivers nothing in between: an event in that gap (a round settling) was lost for good.
 * Lingering keeps the subscription unbroken, and the events that arrive while nobody listens are kept
 * and handed to the next listener, so a page that takes over misses nothing.
 *
 * A topic is `active` once the server confirmed the subscription (`subscribed`), and inactive again
 * when the connection drops. Listeners can be told each time it becomes active: what they fetched
 * before that moment may have missed an event sent before the server had them subscribed. A `sub` the
 * server has not confirmed within SUBSCRIBE_CONFIRM_MS is sent again: the server drops the frames of a
 * connection over its per-second budget (RATE_LIMITED), and a page that took several steps at once
 * (home, hall, room, round page) lost its room's subscription that way and heard nothing of it again.
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
  /** How long a topic stays subscribed after its last listener left (default UNSUBSCRIBE_LINGER_MS). */
  unsubscribeLingerMs?: number;
  createSocket?: (url: string) => WebSocket;
  logError?: (message: string, detail: unknown) => void;
}

type TopicListener = (event: TopicEvent) => void;
/** Told when the server has confirmed the topic's subscription (after the first `sub`, and after every reconnect). */
type ActiveListener = () => void;

/** A page change takes well under this; a topic nobody comes back to is left after it. */
export const UNSUBSCRIBE_LINGER_MS = 5_000;
/** A `sub` unconfirmed for this long is sent again (and again, at this pace, while connected). */
export const SUBSCRIBE_CONFIRM_MS = 1_000;
/** Events kept for the next listener while a topic lingers (a few rounds' worth for one room). */
const LINGER_EVENTS_KEPT = 20;

interface TopicState {
  listeners: Set<TopicListener>;
  activeListeners: Set<ActiveListener>;
  /** The server confirmed the subscription on the current connection. */
  active: boolean;
  /** When `sub` was last sent on the current connection (null: not sent on it). */
  sentAt: number | null;
  /** Set while nobody listens: when `unsub` goes out, and what arrived meanwhile. */
  linger: { timer: ReturnType<typeof setTimeout>; missed: TopicEvent[] } | null;
}
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
  private confirmTimer: ReturnType<typeof setTimeout> | null = null;
  private connections = 0;
  private readonly queue: string[] = [];
  private readonly topics = new Map<string, TopicState>();
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
    if (this.confirmTimer !== null) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
    this.dropSocket(1000, 'stopped');
    for (const [topic, state] of this.topics) {
      if (state.linger) {
        clearTimeout(state.linger.timer);
        this.topics.delete(topic);
      }
    }
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

  /**
   * Listens to a topic's events; returns the function that stops listening. `onActive` is called each
   * time the server confirms the subscription, at once when it already has: from then on no event of the
   * topic is missed (until the connection drops; the next confirmation says so again).
   */
  subscribe(topic: Topic, listener: TopicListener, onActive?: ActiveListener): () => void {
    let state = this.topics.get(topic);
    if (!state) {
      state = { listeners: new Set(), activeListeners: new Set(), active: false, sentAt: null, linger: null };
      this.topics.set(topic, state);
      this.sendSubscription('sub', topic);
    }
    const missed = this.stopLingering(state);
    state.listeners.add(listener);
    if (onActive) state.activeListeners.add(onActive);
    for (const event of missed) this.safely(() => listener(event));
    if (onActive && state.active) this.safely(onActive);
    return () => {
      const current = this.topics.get(topic);
      if (!current?.listeners.delete(listener)) return;
      if (onActive) current.activeListeners.delete(onActive);
      if (current.listeners.size > 0) return;
      this.linger(topic, current);
    };
  }

  private linger(topic: string, state: TopicState): void {
    const leave = () => {
      if (this.topics.get(topic) !== state || state.listeners.size > 0) return;
      this.topics.delete(topic);
      this.sendSubscription('unsub', topic);
    };
    const lingerMs = this.options.unsubscribeLingerMs ?? UNSUBSCRIBE_LINGER_MS;
    if (lingerMs <= 0) {
      leave();
      return;
    }
    state.linger = { timer: setTimeout(leave, lingerMs), missed: [] };
  }

  /** Ends a topic's linger (a listener is back): the events that arrived meanwhile, oldest first. */
  private stopLingering(state: TopicState): TopicEvent[] {
    const linger = state.linger;
    if (!linger) return [];
    clearTimeout(linger.timer);
    state.linger = null;
    return linger.missed;
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
    this.deactivateTopics();
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
    this.deactivateTopics();
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
      case 'subscribed':
        this.activate(frame.topic);
        return;
      default:
        // unsubscribed: a confirmation, nothing to do.
        return;
    }
  }

  private activate(topic: string): void {
    const state = this.topics.get(topic);
    if (!state || state.active) return;
    state.active = true;
    for (const listener of [...state.activeListeners]) this.safely(listener);
  }

  private deactivateTopics(): void {
    for (const state of this.topics.values()) {
      state.active = false;
      state.sentAt = null;
    }
    if (this.confirmTimer !== null) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
  }

  /** Sends `sub` again for every topic the server has not confirmed in time. */
  private confirmSubscriptions(): void {
    this.confirmTimer = null;
    if (!this.welcomed || !this.socket) return;
    const now = Date.now();
    for (const [topic, state] of this.topics) {
      if (state.active || state.sentAt === null) continue;
      if (now - state.sentAt >= SUBSCRIBE_CONFIRM_MS) this.sendSubscription('sub', topic);
      else this.awaitConfirmation();
    }
  }

  private awaitConfirmation(): void {
    this.confirmTimer ??= setTimeout(() => this.confirmSubscriptions(), SUBSCRIBE_CONFIRM_MS);
  }

  private dispatch(event: TopicEvent): void {
    const state = this.topics.get(event.topic);
    if (!state) return;
    if (state.linger) {
      state.linger.missed.push(event);
      if (state.linger.missed.length > LINGER_EVENTS_KEPT) state.linger.missed.shift();
      return;
    }
    for (const listener of [...state.listeners]) {
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
    const state = this.topics.get(topic);
    if (cmd === 'sub' && state) {
      state.sentAt = Date.now();
      this.awaitConfirmation();
    }
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
