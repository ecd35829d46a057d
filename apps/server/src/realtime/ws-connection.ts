/**
 * One /ws client: its socket, language, identity, topics, liveness and message budget. Sends never
 * throw, and a client that cannot keep up with what it is sent is cut off rather than buffered forever.
 */
import type { Duplex } from 'node:stream';
import type { Locale } from '@tradehall/domain';
import { WebSocket } from 'ws';
import type { Logger } from '../platform/logger.ts';
import { RateWindow } from './rate-window.ts';
import { errorFrame, type WsErrorCode } from './ws-frames.ts';

/**
 * Bytes queued for a client beyond which it is dropped: a few hundred event frames. A phone on a bad
 * line catches up on reconnect from the REST API; the server does not hold its backlog.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export class WsConnection {
  /** False until a login frame was accepted; commands before it are refused. */
  loggedIn = false;
  /** The authenticated user, when the login frame carried a valid token. */
  userId: string | null = null;
  /** The session the login frame's token belongs to: its end (or expiry) closes the connection. */
  sessionId: string | null = null;
  /** When that session expires (ms since the epoch); never for an anonymous connection. */
  expiresAt = Number.POSITIVE_INFINITY;
  readonly topics = new Set<string>();
  /** performance.now() of the last message from the client: any message proves it is alive. */
  heardAt: number;
  readonly rate: RateWindow;
  /** Frames are handled in order, including those that wait for the database (login, sub). */
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket of the HTTP upgrade, which `socket` speaks WebSocket over. */
    private readonly stream: Duplex,
    public locale: Locale,
    messagesPerSecond: number,
    private readonly logger: Logger,
  ) {
    this.heardAt = performance.now();
    this.rate = new RateWindow(messagesPerSecond);
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Runs after every frame received before it; a failure is logged, never thrown at the socket. */
  enqueue(task: () => Promise<void>): void {
    this.#queue = this.#queue.then(task).catch((error: unknown) => {
      this.logger.error({ err: error }, 'ws frame handling failed');
    });
  }

  /** A text message, framed by ws (answers to this client: welcome, subscribed, errors). */
  send(text: string): void {
    if (!this.writable()) return;
    this.socket.send(text);
  }

  /**
   * A complete text frame built once for every recipient (events, pings), written straight to the TCP
   * socket: the same bytes ws would write, without its per-send framing and extra write. Safe next to
   * ws's own writes because every write is a whole frame, ws has no queue of its own here
   * (perMessageDeflate is off), and nothing is written once the socket is no longer OPEN (ws has sent
   * or received a close frame).
   */
  sendFrame(frame: Buffer): void {
    if (!this.writable()) return;
    this.stream.write(frame);
  }

  private writable(): boolean {
    if (!this.open) return false;
    // Everything written to the stream, by ws or by sendFrame, and not yet taken by the kernel.
    if (this.stream.writableLength > MAX_BUFFERED_BYTES) {
      this.logger.info({ buffered: this.stream.writableLength }, 'ws client too slow; dropped');
      this.socket.terminate();
      return false;
    }
    return true;
  }

  sendError(code: WsErrorCode): void {
    this.send(errorFrame(code, this.locale));
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.CLOSING || this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close(code, reason);
  }
}
