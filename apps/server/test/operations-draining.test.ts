/**
 * Restarting one of two nodes under load (PostgreSQL + Redis, loopback only). A small load balancer in
 * the test sends each write to a node whose GET /health/ready answers 200 (polled every 100 ms, as a
 * real one would, less often). One node gets SIGTERM, drains (readiness 503 at once, still serving for
 * DRAIN_DELAY_MS, then its realtime clients are told to go elsewhere with 1001, in-flight work ends,
 * exit 0) and starts again. No write fails, and a client connected to the other node hears of every
 * write made on either node. Bounded: at most 400 writes, and the test's own timeout.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from './harness.ts';
import {
  freshPostgresDatabase,
  type Node,
  newKey,
  startNode,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  tempDir,
} from './operations-support.ts';
import { loginOver, request, sleep, waitFor } from './pg-cluster.ts';
import { closedWithin, WsTestClient } from './realtime-support.ts';

const MAX_WRITES = 400;
/** Writes allowed in each phase (before the restart, through the drain, on the restarted node): 400 in all. */
const PHASE_WRITES = [100, 150, 150] as const;
/** Each writer's pause between writes, so a fast machine does not spend a phase's writes in a blink. */
const WRITE_PAUSE_MS = 50;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The test's load balancer: the nodes whose readiness answered 200 at the last poll. */
class Balancer {
  readonly #ready = new Set<Node>();
  #turn = 0;
  #polling = true;
  readonly #loop: Promise<void>;

  constructor(readonly nodes: () => Node[]) {
    this.#loop = this.#poll();
  }

  async #poll(): Promise<void> {
    while (this.#polling) {
      await Promise.all(
        this.nodes().map(async (node) => {
          const answer = await request(`${node.api}/health/ready`, { timeoutMs: 2_000 }).catch(() => ({
            status: 0,
          }));
          if (answer.status === 200) this.#ready.add(node);
          else this.#ready.delete(node);
        }),
      );
      await sleep(100);
    }
  }

  isReady(node: Node): boolean {
    return this.#ready.has(node);
  }

  pick(): Node | null {
    const ready = [...this.#ready];
    if (ready.length === 0) return null;
    this.#turn += 1;
    return ready[this.#turn % ready.length] ?? null;
  }

  async stop(): Promise<void> {
    this.#polling = false;
    await this.#loop;
  }
}

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)(
  'restarting a node under load',
  { timeout: 600_000 },
  () => {
    it('fails no write and loses no event for a client of the other node', async () => {
      const database = await freshPostgresDatabase('tradehall_drain');
      cleanups.push(database.drop);
      const env = (dir: string) => ({
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: `drain-${newKey().slice(0, 8)}`,
        RATE_LIMIT_PER_MINUTE: '100000',
        DRAIN_DELAY_MS: '1500',
      });
      const dirA = tempDir('tradehall-drain-a-');
      const dirB = tempDir('tradehall-drain-b-');
      cleanups.push(dirA.remove, dirB.remove);
      const prefix = env('').REDIS_PREFIX;
      const envA = { ...env(dirA.dir), REDIS_PREFIX: prefix };
      let a = await startNode(envA);
      cleanups.push(() => a.process.stop());
      const b = await startNode({ ...env(dirB.dir), REDIS_PREFIX: prefix });
      cleanups.push(() => b.process.stop());

      const user = await loginOver(b.api, '/auth/login', DEMO.user.account, DEMO.user.password);
      const listener = await WsTestClient.connect(`ws://127.0.0.1:${b.port}/ws`);
      cleanups.push(() => listener.close());
      await listener.loggedIn(user);
      expect((await listener.sub('user')).type).toBe('subscribed');
      const onDrained = await WsTestClient.connect(`ws://127.0.0.1:${a.port}/ws`);
      await onDrained.loggedIn(user);

      const balancer = new Balancer(() => [a, b]);
      cleanups.push(() => balancer.stop());
      await waitFor('both nodes ready', () => balancer.isReady(a) && balancer.isReady(b), 10_000);

      const written: string[] = [];
      const failed: string[] = [];
      const servedBy = new Map<number, number>();
      let loading = true;
      // Given out phase by phase: a slow restart must not find the writes already spent, however fast
      // the machine wrote before it.
      let budget: number = PHASE_WRITES[0];
      const writer = async () => {
        while (loading && written.length + failed.length < MAX_WRITES) {
          if (budget <= 0) {
            await sleep(20);
            continue;
          }
          const node = balancer.pick();
          if (!node) {
            await sleep(20);
            continue;
          }
          budget -= 1;
          const answer = await request<{ id: string }>(`${node.api}/deposits`, {
            method: 'POST',
            token: user,
            body: { method: 'offline', amount: 1_000, depositorName: 'Demo', idempotencyKey: newKey() },
          });
          await sleep(WRITE_PAUSE_MS);
          if (answer.status === 201) {
            written.push(answer.body.id);
            servedBy.set(node.port, (servedBy.get(node.port) ?? 0) + 1);
          } else {
            failed.push(`${node.port}: ${answer.status} ${JSON.stringify(answer.body)}`);
          }
        }
      };
      const writers = Promise.all([writer(), writer(), writer()]);

      await waitFor(
        'some writes on both nodes',
        () => (servedBy.get(a.port) ?? 0) > 3 && (servedBy.get(b.port) ?? 0) > 3,
        30_000,
      );
      budget += PHASE_WRITES[1];
      const oldA = a;
      oldA.process.child.kill('SIGTERM');
      // Readiness goes first; the realtime clients are told to reconnect elsewhere once the delay is over.
      await waitFor('the balancer to take the draining node out', () => !balancer.isReady(oldA), 5_000);
      expect((await closedWithin(onDrained, 20_000)).code).toBe(1001);
      expect(await oldA.process.exited).toBe(0);

      a = await startNode(envA);
      await waitFor('the restarted node to take traffic', () => balancer.isReady(a), 20_000);
      const before = servedBy.get(a.port) ?? 0;
      budget += PHASE_WRITES[2];
      await waitFor('writes on the restarted node', () => (servedBy.get(a.port) ?? 0) > before + 3, 30_000);
      loading = false;
      await writers;

      expect(failed).toEqual([]);
      expect(written.length).toBeGreaterThan(10);
      expect(written.length).toBeLessThanOrEqual(MAX_WRITES);
      const heard = new Set<string>();
      await waitFor(
        'the listener to hear of every write',
        () => {
          for (const frame of listener.received((f) => f.type === 'event')) {
            const data = (frame as { data?: { kind?: string; id?: string } }).data;
            if (data?.kind === 'deposit' && data.id) heard.add(data.id);
          }
          return written.every((id) => heard.has(id));
        },
        15_000,
        100,
      ).catch(() => undefined);
      expect(written.filter((id) => !heard.has(id))).toEqual([]);
      expect(listener.violations).toEqual([]);
    });
  },
);
