/**
 * A redis-server of the test's own on a free loopback port, that the test can kill (SIGKILL, as a crash
 * or an OOM kill would) and start again on the same port. Nothing is persisted (--save "", no AOF): a
 * restarted server is empty, as a replacement Redis would be.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';

const START_TIMEOUT_MS = 10_000;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The redis-server binary: on PATH (CI installs it), else the Debian location. */
function redisServerBinary(): string {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || 'redis-server'
    );
  } catch {
    return '/usr/bin/redis-server';
  }
}

export class TestRedisServer {
  #child: ChildProcess | null = null;
  #output = '';
  private readonly binary = redisServerBinary();

  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedisServer> {
    const server = new TestRedisServer(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.#child !== null;
  }

  /** Starts the server on its port and resolves once it accepts connections. */
  async restart(): Promise<void> {
    if (this.#child) throw new Error('redis-server is already running');
    this.#output = '';
    const child = spawn(
      this.binary,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    // Never outlive the test process, whatever way it ends.
    const orphaned = () => child.kill('SIGKILL');
    process.once('exit', orphaned);
    child.once('exit', () => process.off('exit', orphaned));
    const collect = (chunk: Buffer) => {
      this.#output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${this.#output}`));
      }, START_TIMEOUT_MS);
      const poll = setInterval(() => {
        if (this.#output.includes('Ready to accept connections')) {
          finish();
          resolve();
        }
      }, 10);
      const exited = (code: number | null) => {
        finish();
        this.#child = null;
        reject(new Error(`redis-server exited (${code}) at start:\n${this.#output}`));
      };
      const finish = () => {
        clearTimeout(timer);
        clearInterval(poll);
        child.off('exit', exited);
      };
      child.once('exit', exited);
    });
  }

  /** SIGKILL: the server vanishes without closing anything gracefully. Resolves once it is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGSTOP / SIGCONT: a hung server, whose connections stay open but never answer. */
  pause(): void {
    this.#child?.kill('SIGSTOP');
  }

  resume(): void {
    this.#child?.kill('SIGCONT');
  }
}

/** Resolves once every client is connected and ready (after a restart they reconnect by themselves). */
export async function allReady(clients: Redis[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!clients.every((client) => client.status === 'ready')) {
    if (Date.now() > deadline) {
      throw new Error(`redis clients not ready: ${clients.map((client) => client.status).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once no client is ready (each has noticed the server is gone). */
export async function noneReady(clients: Redis[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (clients.some((client) => client.status === 'ready')) {
    if (Date.now() > deadline) {
      throw new Error(`redis clients still ready: ${clients.map((client) => client.status).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
