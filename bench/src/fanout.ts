/**
 * Fan-out (DESIGN §9): one round event reaches 10,000 WebSocket clients with p99 under 150 ms, and within
 * 1.1x of a bare `ws` server broadcasting the same frame in the same run (RSS within 1.3x of it).
 *
 * The gateway runs in its own process (this file with `--gateway`): the server's real realtime module
 * (startRealtime: /ws with its upgrade routing, socket.io attached, the domain event bus) on a plain
 * HTTP server on 127.0.0.1 — what a ROLE=realtime node runs, without the REST API and the database,
 * which take no part in a broadcast. This process connects minimal WebSocket clients (raw-ws-client.ts) in steps of 1,000, 5,000
 * and 10,000, each logged in (anonymous) and subscribed to one round topic, then asks the gateway over
 * IPC to publish a round event on its bus, exactly as the round engine does. Each client notes the
 * time its frame arrived; latency = arrival - the moment this process sent the publish request, so the
 * IPC hop is counted against the gateway, not for it.
 *
 * Per step: one warm-up broadcast, then BROADCASTS measured ones, 300 ms apart. Printed: p50 and p99
 * over every delivery, the worst single broadcast's p99 (the bar is checked against that one), the
 * gateway's own loop time (publish -> last frame handed to the kernel) with the CPU time it took, the
 * CPU time this process spent receiving (publish -> last arrival), and the gateway's RSS with its
 * growth per 1,000 connections. Every frame received is checked to be the event published.
 *
 * On a 2-core machine the clients (this process) and the gateway share the CPU: the figures include
 * the clients' own time to read 10,000 frames. Loopback only; ulimit -n must allow 10,000 sockets in
 * each process. Run: `npm run bench:fanout` (BENCH_BROADCASTS to change the count; BENCH_NODE_ARGS passes
 * flags to the gateway's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { roundTopic, WS_PATH } from '@tradehall/contracts';
import { type WebSocket, WebSocketServer } from 'ws';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { DomainEvents, type DomainTopicEvent } from '../../apps/server/src/platform/events.ts';
import { createLogger } from '../../apps/server/src/platform/logger.ts';
import { startRealtime } from '../../apps/server/src/realtime/realtime.ts';
import { RawWsClient } from './raw-ws-client.ts';

const STEPS = [1_000, 5_000, 10_000];
const BAR_MS = 150;
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 5);
const CONNECT_CONCURRENCY = 250;
const DELIVERY_TIMEOUT_MS = 10_000;
const OVERALL_TIMEOUT_MS = 10 * 60_000;
const ROOM_ID = '0190a0a0-0000-7000-8000-000000000001';

type ToGateway = { type: 'publish'; event: DomainTopicEvent } | { type: 'stats' } | { type: 'stop' };
type FromGateway =
  | { type: 'ready'; port: number }
  | { type: 'published'; loopMs: number; loopCpuMs: number }
  | { type: 'stats'; rss: number; connections: number; subscriptions: number };

// ---------------------------------------------------------------------------------------------------
// The gateway process

async function runGateway(): Promise<void> {
  const logger = createLogger('warn');
  const config = loadConfig({
    ...process.env,
    // Keepalive is not what is measured: no pings during the run, and no client closed for silence.
    WS_PING_INTERVAL_MS: '600000',
    WS_PONG_TIMEOUT_MS: '600000',
  });
  const events = new DomainEvents(logger);
  const server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  const realtime = await startRealtime({
    config: config.realtime,
    events,
    sessions: { authenticate: async () => null },
    roomExists: async (roomId) => roomId === ROOM_ID,
    announcementsEnabled: async () => true,
    clock: systemClock,
    logger,
    server,
    redis: null,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const send = (message: FromGateway) => process.send?.(message);
  send({ type: 'ready', port: address.port });

  process.on('message', (message: ToGateway) => {
    if (message.type === 'publish') {
      const started = performance.now();
      const cpu = process.cpuUsage();
      events.publishTopic(message.event);
      const used = process.cpuUsage(cpu);
      send({
        type: 'published',
        loopMs: performance.now() - started,
        loopCpuMs: (used.user + used.system) / 1000,
      });
    } else if (message.type === 'stats') {
      const stats = realtime.ws?.stats ?? { connections: 0, subscriptions: 0 };
      send({ type: 'stats', rss: process.memoryUsage().rss, ...stats });
    } else {
      void realtime
        .close()
        .then(() => server.close())
        .finally(() => process.exit(0));
    }
  });
}

/**
 * The floor: a bare `ws` server on node:http doing the least a gateway can, with the same protocol as
 * far as the clients see it (welcome, subscribed, then the event frame serialized once and sent to every
 * subscriber of the topic).
 */
async function runBareGateway(): Promise<void> {
  const server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  const wss = new WebSocketServer({ server, path: WS_PATH });
  const topics = new Map<string, Set<WebSocket>>();
  let connections = 0;
  wss.on('connection', (socket) => {
    connections += 1;
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { type?: string; cmd?: string; msg?: string };
      if (frame.type === 'login') {
        socket.send(
          JSON.stringify({
            type: 'welcome',
            authenticated: false,
            serverTime: Math.floor(Date.now() / 1000),
          }),
        );
      } else if (frame.cmd === 'sub' && frame.msg) {
        const members = topics.get(frame.msg) ?? new Set<WebSocket>();
        members.add(socket);
        topics.set(frame.msg, members);
        socket.send(JSON.stringify({ type: 'subscribed', topic: frame.msg }));
      }
    });
    socket.on('close', () => {
      connections -= 1;
      for (const members of topics.values()) members.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const send = (message: FromGateway) => process.send?.(message);
  send({ type: 'ready', port: address.port });
  process.on('message', (message: ToGateway) => {
    if (message.type === 'publish') {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { topic, event, data } = message.event;
      const frame = JSON.stringify({ type: 'event', at: Math.floor(Date.now() / 1000), topic, event, data });
      for (const socket of topics.get(topic) ?? []) socket.send(frame);
      const used = process.cpuUsage(cpu);
      send({
        type: 'published',
        loopMs: performance.now() - started,
        loopCpuMs: (used.user + used.system) / 1000,
      });
    } else if (message.type === 'stats') {
      let subscriptions = 0;
      for (const members of topics.values()) subscriptions += members.size;
      send({ type: 'stats', rss: process.memoryUsage().rss, connections, subscriptions });
    } else {
      wss.close();
      server.close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// The clients (this process)

class Gateway {
  readonly #waiters: Array<(message: FromGateway) => void> = [];

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromGateway) => {
      const waiter = this.#waiters.shift();
      waiter?.(message);
    });
  }

  request(message: ToGateway): void {
    this.child.send(message);
  }

  next<T extends FromGateway['type']>(type: T): Promise<Extract<FromGateway, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.#waiters.push((message) => {
        if (message.type === type) resolve(message as Extract<FromGateway, { type: T }>);
        else reject(new Error(`expected ${type}, got ${message.type}`));
      });
    });
  }
}

interface Clients {
  sockets: RawWsClient[];
  /** Arrival time (performance.now()) of the current broadcast's frame, per client; NaN until then. */
  arrivals: Float64Array;
  frames: Array<Buffer | null>;
  arrived: number;
}

async function connectOne(port: number, topic: string, clients: Clients, index: number): Promise<void> {
  const client = await RawWsClient.open(port, WS_PATH);
  clients.sockets[index] = client;
  await new Promise<void>((resolve, reject) => {
    let subscribed = false;
    client.onFrame = (data) => {
      if (subscribed) {
        // Time first: everything else can wait until every frame is in.
        clients.arrivals[index] = performance.now();
        clients.frames[index] = data;
        clients.arrived += 1;
        return;
      }
      const frame = JSON.parse(data.toString()) as { type: string };
      if (frame.type === 'subscribed') {
        subscribed = true;
        resolve();
      } else if (frame.type !== 'welcome') {
        reject(new Error(`unexpected frame while subscribing: ${data.toString()}`));
      }
    };
    client.sendText(
      JSON.stringify({
        type: 'login',
        client_name: 'bench',
        client_id: `bench-${index}`,
        Accept_language: 'en',
        Authorization: '',
      }),
    );
    client.sendText(JSON.stringify({ cmd: 'sub', msg: topic }));
  });
}

async function connectMore(port: number, topic: string, clients: Clients, from: number, to: number) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const index = next;
      next += 1;
      await connectOne(port, topic, clients, index);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
}

function roundEvent(topic: `round.${string}`, issue: string): DomainTopicEvent {
  const now = Math.floor(Date.now() / 1000);
  return {
    topic,
    event: 'round.sealed',
    data: {
      round: {
        id: randomUUID(),
        roomId: ROOM_ID,
        issue,
        status: 'sealed',
        opensAt: now - 50,
        sealsAt: now,
        drawsAt: now + 10,
        settlesAt: now + 13,
        settledAt: null,
        commitment: 'c'.repeat(64),
        salt: 's'.repeat(32),
        hash: null,
        digits: null,
        sum: null,
        userCount: 1234,
        // A sealed v2 round as the server sends it: the beacon round it waits for is named.
        fairness: { scheme: 'v2', beacon: 'drand', beaconRound: 5_928_395 },
        voidReason: null,
        positions: { root: 'ab'.repeat(32), leafCount: 1234, version: 1 },
      },
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** One broadcast to `count` clients: their latencies (ms), and the gateway's loop time. */
async function broadcast(
  gateway: Gateway,
  clients: Clients,
  count: number,
  topic: `round.${string}`,
  issue: string,
): Promise<{ latencies: Float64Array; loopMs: number; loopCpuMs: number; clientCpuMs: number }> {
  clients.arrivals.fill(Number.NaN);
  clients.frames.fill(null);
  clients.arrived = 0;
  const published = gateway.next('published');
  const clientCpu = process.cpuUsage();
  const sentAt = performance.now();
  gateway.request({ type: 'publish', event: roundEvent(topic, issue) });
  const { loopMs, loopCpuMs } = await published;
  await waitFor(`${count} deliveries of ${issue}`, () => clients.arrived >= count, DELIVERY_TIMEOUT_MS);
  const clientUsed = process.cpuUsage(clientCpu);
  const latencies = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const frame = clients.frames[i];
    const parsed = frame
      ? (JSON.parse(frame.toString()) as { topic?: string; data?: { round?: { issue?: string } } })
      : null;
    if (parsed?.topic !== topic || parsed.data?.round?.issue !== issue) {
      throw new Error(`client ${i} got ${frame?.toString() ?? 'nothing'} instead of ${issue}`);
    }
    latencies[i] = (clients.arrivals[i] ?? Number.NaN) - sentAt;
  }
  return { latencies, loopMs, loopCpuMs, clientCpuMs: (clientUsed.user + clientUsed.system) / 1000 };
}

async function stats(gateway: Gateway) {
  const reply = gateway.next('stats');
  gateway.request({ type: 'stats' });
  return reply;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface StepFigures {
  p99: number;
  worstP99: number;
  rss: number;
}

/** The steps against one gateway (ours or the bare floor); the figures of the last step. */
async function runBench(kind: 'ours' | 'bare', steps: number[]): Promise<StepFigures> {
  const child = fork(fileURLToPath(import.meta.url), [kind === 'ours' ? '--gateway' : '--bare-gateway'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const overall = setTimeout(() => {
    console.error(`fan-out bench exceeded ${OVERALL_TIMEOUT_MS / 60_000} minutes; stopping`);
    child.kill('SIGKILL');
    process.exit(1);
  }, OVERALL_TIMEOUT_MS);
  overall.unref();
  const gateway = new Gateway(child);
  const { port } = await gateway.next('ready');
  const topic = roundTopic(ROOM_ID);
  const max = Math.max(...steps);
  const clients: Clients = {
    sockets: [],
    arrivals: new Float64Array(max),
    frames: new Array<Buffer | null>(max).fill(null),
    arrived: 0,
  };
  const baseline = await stats(gateway);
  console.log(
    `${kind === 'ours' ? 'Our gateway (the realtime module)' : 'Bare ws floor'}: ` +
      `RSS with no clients ${mb(baseline.rss)}; ${BROADCASTS} measured broadcasts per step; ` +
      `${cpus().length} cores, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} at start (other work on the machine inflates every figure)`,
  );

  let connected = 0;
  let sequence = 0;
  let last: StepFigures = { p99: Number.NaN, worstP99: Number.NaN, rss: Number.NaN };
  try {
    for (const count of steps) {
      const started = performance.now();
      await connectMore(port, topic, clients, connected, count);
      connected = count;
      const connectedIn = performance.now() - started;
      const before = await stats(gateway);
      if (before.subscriptions !== count)
        throw new Error(`${before.subscriptions} subscriptions, expected ${count}`);

      sequence += 1;
      await broadcast(gateway, clients, count, topic, `warmup-${sequence}`);
      const all: number[] = [];
      const loops: number[] = [];
      const loopCpu: number[] = [];
      const clientCpu: number[] = [];
      let worstP99 = 0;
      for (let i = 0; i < BROADCASTS; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        sequence += 1;
        const { latencies, loopMs, loopCpuMs, clientCpuMs } = await broadcast(
          gateway,
          clients,
          count,
          topic,
          `bench-${sequence}`,
        );
        loopCpu.push(loopCpuMs);
        clientCpu.push(clientCpuMs);
        latencies.sort();
        worstP99 = Math.max(worstP99, percentile(latencies, 99));
        for (const latency of latencies) all.push(latency);
        loops.push(loopMs);
      }
      const sorted = Float64Array.from(all).sort();
      const after = await stats(gateway);
      const perThousand = ((after.rss - baseline.rss) / count) * 1000;
      const line =
        `${count.toLocaleString('en-US').padStart(6)} clients: p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1)} ms, worst broadcast p99 ${worstP99.toFixed(1)} ms, ` +
        `max ${percentile(sorted, 100).toFixed(1)} ms` +
        (count === max && kind === 'ours'
          ? ` (bar: p99 < ${BAR_MS} ms) ${worstP99 < BAR_MS ? 'PASS' : 'FAIL'}`
          : '') +
        ` — gateway loop ${Math.max(...loops).toFixed(1)} ms (CPU ${Math.max(...loopCpu).toFixed(1)} ms), ` +
        `clients' CPU ${Math.max(...clientCpu).toFixed(1)} ms, RSS ${mb(after.rss)} ` +
        `(+${mb(perThousand)} per 1,000 connections), connected in ${(connectedIn / 1000).toFixed(1)} s`;
      console.log(line);
      last = { p99: percentile(sorted, 99), worstP99, rss: after.rss };
    }
  } finally {
    for (const socket of clients.sockets) socket?.destroy();
    gateway.request({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(overall);
  }
  return last;
}

if (process.argv.includes('--gateway')) await runGateway();
else if (process.argv.includes('--bare-gateway')) await runBareGateway();
else {
  const ours = await runBench('ours', STEPS);
  const max = Math.max(...STEPS);
  const bare = await runBench('bare', [max]);
  const p99Ratio = ours.p99 / bare.p99;
  const rssRatio = ours.rss / bare.rss;
  console.log(
    `\n${max.toLocaleString('en-US')} clients, ours vs the bare ws floor in the same run: ` +
      `p99 ${ours.p99.toFixed(1)} vs ${bare.p99.toFixed(1)} ms = ${p99Ratio.toFixed(2)}x (bar 1.1x) ` +
      `${p99Ratio <= 1.1 ? 'ok' : 'ABOVE'}; RSS ${mb(ours.rss)} vs ${mb(bare.rss)} = ${rssRatio.toFixed(2)}x ` +
      `(bar 1.3x) ${rssRatio <= 1.3 ? 'ok' : 'ABOVE'}`,
  );
}
