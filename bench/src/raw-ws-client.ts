/**
 * The fan-out bench's client: a minimal WebSocket client on a plain TCP socket (RFC 6455: the upgrade
 * handshake, masked text frames out, unmasked frames in). 10,000 phones each read their own frame on
 * their own CPU; on the bench they share one core with each other and the other with the gateway, so
 * the client must cost as little as it can per frame: no receiver stream, no events per frame beyond
 * the socket's own, no UTF-8 check. It notes when each complete frame arrived; the bench checks the
 * frames' content after every client has its frame, off the clock.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export type FrameHandler = (payload: Buffer) => void;

export class RawWsClient {
  #buffer: Buffer = Buffer.alloc(0);
  #handshakeDone = false;
  onFrame: FrameHandler = () => undefined;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
  }

  /** Opens `ws://host:port/path` and resolves once the server has switched protocols. */
  static open(port: number, path: string): Promise<RawWsClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      const client = new RawWsClient(socket);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      client.#onHandshake = (ok) => (ok ? resolve(client) : reject(new Error('upgrade refused')));
    });
  }

  #onHandshake: (ok: boolean) => void = () => undefined;

  /** Sends one masked text frame (client frames must be masked). */
  sendText(text: string): void {
    const payload = Buffer.from(text);
    if (payload.length > 65_535) throw new Error('frame too large for the bench client');
    const header = payload.length < 126 ? Buffer.alloc(2) : Buffer.alloc(4);
    header[0] = 0x81;
    if (payload.length < 126) header[1] = 0x80 | payload.length;
    else {
      header[1] = 0x80 | 126;
      header.writeUInt16BE(payload.length, 2);
    }
    const mask = randomBytes(4);
    for (let i = 0; i < payload.length; i += 1) payload[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
    this.socket.write(Buffer.concat([header, mask, payload]));
  }

  destroy(): void {
    this.socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    if (!this.#handshakeDone) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const ok = this.#buffer.subarray(0, 12).toString() === 'HTTP/1.1 101';
      this.#handshakeDone = true;
      this.#buffer = this.#buffer.subarray(end + 4);
      this.#onHandshake(ok);
    }
    // Server frames are unmasked and, from this gateway, never fragmented.
    while (this.#buffer.length >= 2) {
      const second = this.#buffer[1] ?? 0;
      let length = second & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.#buffer.length < 4) return;
        length = this.#buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.#buffer.length < 10) return;
        length = Number(this.#buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.#buffer.length < offset + length) return;
      const payload = this.#buffer.subarray(offset, offset + length);
      this.#buffer = this.#buffer.subarray(offset + length);
      this.onFrame(payload);
    }
  }
}
