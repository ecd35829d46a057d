/**
 * Many nodes (real PostgreSQL and real Redis only): three server processes on one fresh database and
 * one Redis, split by ROLE:
 *   A  ROLE=all       API, the scheduler (short rounds) and a gateway of its own;
 *   B  ROLE=realtime  only health and the gateway;
 *   C  ROLE=api       only the API: no gateway, its events go out through Redis.
 * A notification sent through A and one sent through C reach socket.io clients on B (and on A); a
 * position placed through C reaches its owner's `user` topic on B; round events from the scheduler on A
 * reach /ws clients on B, and every client, on B or on A itself, gets each event exactly once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NewMsg, newMsgSchema } from '@tradehall/contracts';
import { io as connectIo, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, TEST_REDIS_URL } from './harness.ts';
import { freshPostgresDatabase, TEST_DATABASE_URL } from './operations-support.ts';
import { freePort, loginOver, type ServerProcess, startServer, waitFor } from './pg-cluster.ts';
import { closedWithin, eventually, type Frame, WsTestClient } from './realtime-support.ts';
import { enrolTwoFactorOverHttp } from './two-factor-over-http.ts';

interface Node extends ServerProcess {
  name: string;
  http: string;
  api: string;
  ws: string;
}

async function startNode(name: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const process = startServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
  await waitFor(
    `node ${name} to start`,
    () => {
      if (process.child.exitCode !== null) throw new Error(`node ${name} exited:\n${process.output()}`);
      return process.output().includes('Tradehall is running');
    },
    90_000,
  );
  const http = `http://127.0.0.1:${port}`;
  return { ...process, name, http, api: `${http}/api/v1`, ws: `ws://127.0.0.1:${port}/ws` };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

const key = () => randomBytes(18).toString('base64url');

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('realtime across nodes (PostgreSQL + Redis)', () => {
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  const nodes: Node[] = [];
  const dataDirs: string[] = [];
  const sockets: Socket[] = [];
  const clients: WsTestClient[] = [];
  let a: Node;
  let b: Node;
  let c: Node;
  let operator: string;
  let demo: { token: string; id: string };
  let other: { token: string; id: string };

  function notices(node: Node, token: string): { socket: Socket; messages: NewMsg[]; ready: Promise<void> } {
    const socket = connectIo(node.http, {
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const messages: NewMsg[] = [];
    socket.on('new_msg', (payload: unknown) =>
      messages.push(newMsgSchema.parse(JSON.parse(String(payload)))),
    );
    const ready = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, messages, ready };
  }

  async function wsClient(node: Node, token: string | null = null): Promise<WsTestClient> {
    const client = await WsTestClient.connect(node.ws);
    clients.push(client);
    await client.loggedIn(token);
    return client;
  }

  beforeAll(async () => {
    scratch = await freshPostgresDatabase('tradehall_rt');
    const url = new URL(scratch.url);
    // Apart from other suites using the same Redis at the same time: the database's own name.
    const redisPrefix = url.pathname.slice(1);
    const env = (role: string) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `tradehall-rt-${role}-`));
      dataDirs.push(dataDir);
      return {
        ROLE: role,
        DATABASE_URL: url.toString(),
        REDIS_URL: TEST_REDIS_URL ?? '',
        REDIS_PREFIX: redisPrefix,
        DATA_DIR: dataDir,
        TRADEHALL_TEST_MODE: 'true',
        DEMO_MODE: 'true',
        LOG_LEVEL: 'warn',
        ROUND_SECONDS_OVERRIDE: '3',
        SEALED_SECONDS_OVERRIDE: '1',
        DRAWING_SECONDS_OVERRIDE: '0',
        FAIRNESS_CHAIN_LENGTH: '500',
        WEB_DIST_DIR: path.join(tmpdir(), 'tradehall-no-web-dist'),
        CONSOLE_DIST_DIR: path.join(tmpdir(), 'tradehall-no-console-dist'),
      };
    };
    // A first: it migrates and seeds the empty database; then the others start on it together.
    a = await startNode('A', env('all'));
    nodes.push(a);
    [b, c] = await Promise.all([startNode('B', env('realtime')), startNode('C', env('api'))]);
    nodes.push(b, c);

    operator = await loginOver(c.api, '/admin/auth/login', DEMO.operator.account, DEMO.operator.password);
    await enrolTwoFactorOverHttp(c.api, operator);
    const demoToken = await loginOver(c.api, '/auth/login', DEMO.user.account, DEMO.user.password);
    const demoMe = await json<{ id: string }>(`${c.api}/me`, {
      headers: { authorization: `Bearer ${demoToken}` },
    });
    demo = { token: demoToken, id: demoMe.body.id };
    const account = `rt_${randomBytes(4).toString('hex')}`;
    const registered = await json<{ user: { id: string } }>(`${c.api}/auth/register`, {
      method: 'POST',
      body: JSON.stringify({
        account,
        password: 'secret123',
        confirmPassword: 'secret123',
        invitationCode: DEMO.user.invitationCode,
      }),
    });
    expect(registered.status).toBe(201);
    other = {
      token: await loginOver(c.api, '/auth/login', account, 'secret123'),
      id: registered.body.user.id,
    };
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(clients.map((client) => client.close()));
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.exited));
    await scratch?.drop().catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('splits the HTTP surface by role: B serves health and realtime only, C no realtime', async () => {
    expect((await fetch(`${b.api}/health`)).status).toBe(200);
    expect((await fetch(`${b.api}/rooms`)).status).toBe(404);
    // Nor the pages: those come from the api nodes.
    expect((await fetch(b.api.replace(/\/api\/v1$/, '/'))).status).toBe(404);
    expect((await fetch(b.api.replace(/\/api\/v1$/, '/console/'))).status).toBe(404);
    expect((await fetch(`${c.api}/rooms`)).status).toBe(200);
    await expect(WsTestClient.connect(c.ws)).rejects.toThrow();
  });

  it('delivers notifications sent through A and through C to socket.io clients on B and A, once each', async () => {
    const demoOnB = notices(b, demo.token);
    const otherOnB = notices(b, other.token);
    const demoOnA = notices(a, demo.token);
    await Promise.all([demoOnB.ready, otherOnB.ready, demoOnA.ready]);
    const send = async (node: Node, body: Record<string, unknown>) => {
      const response = await json(`${node.api}/admin/notifications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operator}` },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
    };
    await send(a, {
      audience: 'user',
      account: DEMO.user.account,
      title: 'From A',
      content: 'personal via A',
    });
    await send(c, {
      audience: 'user',
      account: DEMO.user.account,
      title: 'From C',
      content: 'personal via C',
    });
    await send(c, { audience: 'all', title: 'Everyone', content: 'announcement via C' });

    for (const client of [demoOnB, demoOnA]) {
      await eventually('three notices', () => client.messages.length >= 3, 15_000);
    }
    await eventually('the announcement for the other user', () => otherOnB.messages.length >= 1, 15_000);
    // The last one sent has arrived everywhere; give nothing else a chance to be a duplicate unnoticed.
    for (const client of [demoOnB, demoOnA]) {
      expect(client.messages.map((m) => m.type).sort()).toEqual(['gaogaoall', 'gaogaoasx', 'gaogaoasx']);
      expect(client.messages.filter((m) => m.type === 'gaogaoasx').every((m) => m.uid === demo.id)).toBe(
        true,
      );
      expect(client.messages.some((m) => m.content.includes('personal via A'))).toBe(true);
      expect(client.messages.some((m) => m.content.includes('personal via C'))).toBe(true);
    }
    expect(otherOnB.messages.map((m) => m.type)).toEqual(['gaogaoall']);
  });

  it('delivers round events from the scheduler on A to /ws clients on B, and to A’s own, exactly once', async () => {
    const rooms = await json<{ items: Array<{ id: string; tier: string }> }>(`${c.api}/rooms`);
    const normal = rooms.body.items.find((room) => room.tier === 'normal')?.id ?? '';
    const onB = await wsClient(b);
    const onA = await wsClient(a);
    for (const client of [onB, onA]) {
      expect(await client.sub(`round.${normal}`)).toEqual({ type: 'subscribed', topic: `round.${normal}` });
    }
    // A round opened after both subscribed: A subscribed last and gets A's events first, so a round
    // whose opening reached A was opened after B had subscribed too.
    const opened = await onA.next((f) => f.type === 'event' && f.event === 'round.opened', 15_000);
    const roundId = (opened.data as { round: { id: string } }).round.id;
    const ofRound = (client: WsTestClient) =>
      client
        .received((f) => f.type === 'event' && (f.data as { round?: { id: string } }).round?.id === roundId)
        .map((f) => String(f.event));
    // The next round's opening comes after this round is over: the sync point for "nothing more".
    const isNextOpened = (f: Frame) =>
      f.type === 'event' &&
      f.event === 'round.opened' &&
      (f.data as { round: { id: string } }).round.id !== roundId;
    await onB.next(isNextOpened, 15_000);
    await onA.next(isNextOpened, 15_000);
    await eventually('the round to finish on both', () =>
      [onA, onB].every((client) => ofRound(client).some((e) => e === 'round.settled' || e === 'round.void')),
    );
    expect(ofRound(onB).sort()).toEqual(['round.drawing', 'round.opened', 'round.sealed', 'round.settled']);
    expect(ofRound(onA).sort()).toEqual(['round.drawing', 'round.sealed', 'round.settled']);
    for (const client of [onB, onA]) {
      expect(client.received((f) => f.type === 'event' && f.topic !== `round.${normal}`)).toEqual([]);
    }
  });

  it('delivers a position placed through C to its owner’s user topic on B, and to no one else', async () => {
    // Fund the demo user through the deposit flow on C.
    const deposit = await json<{ id: string }>(`${c.api}/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}` },
      body: JSON.stringify({
        method: 'offline',
        amount: 100_000,
        depositorName: 'Demo',
        idempotencyKey: key(),
      }),
    });
    expect(deposit.status).toBe(201);
    const approved = await json(`${c.api}/admin/deposits/${deposit.body.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(approved.status).toBe(200);

    const demoOnB = await wsClient(b, demo.token);
    const otherOnB = await wsClient(b, other.token);
    expect(await demoOnB.sub('user')).toEqual({ type: 'subscribed', topic: 'user' });
    expect(await otherOnB.sub('user')).toEqual({ type: 'subscribed', topic: 'user' });

    type Room = { tier: string; currentRound: { id: string; status: string; sealsAt: number } | null };
    let placedId = '';
    await eventually(
      'a position placed in an open round',
      async () => {
        const rooms = (await json<{ items: Room[] }>(`${c.api}/rooms`)).body.items;
        const current = rooms.find((room) => room.tier === 'normal')?.currentRound;
        if (current?.status !== 'open') return false;
        const placed = await json<{ id: string }>(`${c.api}/rounds/${current.id}/positions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${demo.token}` },
          body: JSON.stringify({
            bet: { category: 'both_sides', type: 'long' },
            amount: 100,
            idempotencyKey: key(),
          }),
        });
        if (placed.status !== 201) return false;
        placedId = placed.body.id;
        return true;
      },
      30_000,
    );
    const update = await demoOnB.next(
      (f) => f.type === 'event' && f.event === 'order.updated' && (f.data as { id: string }).id === placedId,
      15_000,
    );
    expect(update).toMatchObject({ topic: 'user', data: { kind: 'position', id: placedId } });
    // The settlement's outcome for the demo user is the sync point for "nothing reached the other".
    const outcome = await demoOnB.next((f) => f.type === 'event' && f.event === 'round.outcome', 15_000);
    expect((outcome.data as { positions: Array<{ id: string }> }).positions.map((p) => p.id)).toEqual([
      placedId,
    ]);
    expect(otherOnB.received((f) => f.type === 'event')).toEqual([]);
  });

  it('shuts every node down cleanly on SIGTERM, closing /ws clients with 1001 first', async () => {
    const onB = await wsClient(b);
    const onA = await wsClient(a);
    for (const node of [a, b, c]) node.child.kill('SIGTERM');
    expect((await closedWithin(onB, 15_000)).code).toBe(1001);
    expect((await closedWithin(onA, 15_000)).code).toBe(1001);
    expect(await Promise.all([a.exited, b.exited, c.exited])).toEqual([0, 0, 0]);
  }, 60_000);
});
