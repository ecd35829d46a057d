/**
 * The round engine under a manual clock: rounds open for every room, advance open -> sealed -> drawing
 * -> settled exactly at their times, run back to back, catch up in order after a restart, stop opening in
 * a paused room, and form a verifiable hash chain (each round's commitment is the previous round's hash;
 * a chain's first round links to its published terminal hash; a new chain starts when one is used up).
 */
import {
  type FairnessProof,
  fairnessProofSchema,
  roomListSchema,
  roundPageSchema,
} from '@tradehall/contracts';
import { buildChain, issueNumber, linksTo, ROOM_TIERS, verifyRound } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.ts';
import { createServices } from '../src/services.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { expectLedgerOk, quickUser } from './money.ts';
import {
  credit,
  finishRound,
  openRound,
  place,
  type RoundRecord,
  roomId,
  roundsOf,
  stepTo,
  tick,
} from './trading.ts';

async function terminalHash(t: TestApp, chainId: string): Promise<string> {
  const row = await t.database.kysely
    .selectFrom('fairness_chains')
    .select('terminal_hash')
    .where('id', '=', chainId)
    .executeTakeFirstOrThrow();
  return row.terminal_hash;
}

async function proof(t: TestApp, id: string) {
  return call<FairnessProof>(t, 'GET', `/fairness/rounds/${id}`);
}

describe.each(DRIVERS)('the round engine on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    normal = await roomId(t, 'normal');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens one round per room, numbered YYYYMMDD0001, committed to its chain’s terminal hash', async () => {
    await tick(t);
    const rooms = roomListSchema.parse((await call(t, 'GET', '/rooms')).body).items;
    expect(rooms.map((room) => room.tier)).toEqual([...ROOM_TIERS]);
    for (const room of rooms) {
      const [round] = await roundsOf(t, room.id);
      expect(round).toBeDefined();
      if (!round) continue;
      expect(round.status).toBe('open');
      expect(round.chainIndex).toBe(1);
      expect(round.issue).toBe(issueNumber(Math.floor(round.opensAt.getTime() / 1000), 1));
      expect(round.commitment).toBe(await terminalHash(t, round.chainId));
      expect(room.currentRound).toMatchObject({ id: round.id, status: 'open', hash: null, digits: null });
      expect(room.currentRound?.commitment).toBe(round.commitment);
      // Nothing about the result is out before the draw.
      expect((await proof(t, round.id)).status).toBe(404);
    }
    // Ticking again changes nothing.
    await tick(t);
    expect(await roundsOf(t, normal)).toHaveLength(1);
  });

  it('moves a round on exactly at its times and opens the next at the previous draws_at', async () => {
    const round = await openRound(t, normal);
    await stepTo(t, new Date(round.sealsAt.getTime() - 1));
    expect((await roundsOf(t, normal)).at(-1)?.status).toBe('open');
    await stepTo(t, round.sealsAt);
    let rounds = await roundsOf(t, normal);
    expect(rounds.map((r) => r.status)).toEqual(['sealed']);

    await stepTo(t, new Date(round.drawsAt.getTime() - 1));
    expect((await roundsOf(t, normal))[0]?.status).toBe('sealed');
    await stepTo(t, round.drawsAt);
    rounds = await roundsOf(t, normal);
    expect(rounds.map((r) => r.status)).toEqual(['drawing', 'open']);
    const [drawn, next] = rounds as [RoundRecord, RoundRecord];
    expect(drawn.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(next.opensAt.getTime()).toBe(round.drawsAt.getTime());
    expect(next.issue).toBe(issueNumber(Math.floor(next.opensAt.getTime() / 1000), 2));
    expect(next.chainIndex).toBe(2);
    expect(next.commitment).toBe(drawn.hash);

    await stepTo(t, round.settlesAt);
    expect((await roundsOf(t, normal))[0]?.status).toBe('settled');
  });

  it('publishes a proof for every drawn round that the domain verifier accepts; a tampered one fails', async () => {
    for (let i = 0; i < 3; i++) await finishRound(t, await openRound(t, normal));
    const rounds = (await roundsOf(t, normal)).filter((round) => round.status === 'settled');
    expect(rounds.length).toBeGreaterThanOrEqual(4);
    let previous: FairnessProof | null = null;
    for (const round of rounds) {
      const response = await proof(t, round.id);
      expect(response.status).toBe(200);
      const body = fairnessProofSchema.parse(response.body);
      expect(verifyRound(body)).toMatchObject({ ok: true, chainOk: true, digitsOk: true });
      expect(body.digits.reduce((a, b) => a + b, 0)).toBe(body.sum);
      expect(body.sum).toBe(round.sum);
      if (previous) expect(body.previousHash).toBe(previous.hash);
      else expect(body.previousHash).toBe(body.chainTerminalHash);
      previous = body;

      const tampered = { ...body, hash: `${body.hash.slice(0, 63)}${body.hash.endsWith('0') ? '1' : '0'}` };
      expect(verifyRound(tampered).ok).toBe(false);
      expect(verifyRound({ ...body, digits: body.digits.map((d) => (d + 1) % 10) }).ok).toBe(false);
    }
    // The open round's commitment is the last drawn hash, and its own result stays hidden.
    const open = await openRound(t, normal);
    expect(open.commitment).toBe(previous?.hash);
    expect((await proof(t, open.id)).status).toBe(404);
  });

  it('never shows the chain’s seed or a hash that has not been revealed, on any endpoint', async () => {
    const user = await quickUser(t);
    const open = await openRound(t, normal);
    const chain = await t.database.kysely
      .selectFrom('fairness_chains')
      .select(['seed', 'length'])
      .where('id', '=', open.chainId)
      .executeTakeFirstOrThrow();
    const unrevealed = buildChain(chain.seed, chain.length).roundHashes.slice(open.chainIndex - 1);
    const rounds = await roundsOf(t, normal);
    const bodies: string[] = [];
    for (const url of [
      '/rooms',
      `/rooms/${normal}`,
      `/rooms/${normal}/rounds?limit=100`,
      '/market/overview',
      `/rounds/${open.id}`,
      ...rounds.map((round) => `/fairness/rounds/${round.id}`),
      ...rounds.map((round) => `/rounds/${round.id}`),
      ...rounds.map((round) => `/rounds/${round.id}/public`),
    ]) {
      bodies.push(JSON.stringify((await call(t, 'GET', url, { token: user.token })).body));
    }
    const everything = bodies.join('\n');
    expect(everything).toContain(open.commitment);
    expect(everything.includes(chain.seed)).toBe(false);
    for (const hash of unrevealed) expect(everything.includes(hash)).toBe(false);
  });

  it('lists a room’s rounds newest first, paged, with hash and digits only once drawn', async () => {
    const first = roundPageSchema.parse((await call(t, 'GET', `/rooms/${normal}/rounds?limit=2`)).body);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]?.status).toBe('open');
    expect(first.items[0]).toMatchObject({ hash: null, digits: null, sum: null });
    expect(first.items[1]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nextCursor).not.toBeNull();
    const second = roundPageSchema.parse(
      (await call(t, 'GET', `/rooms/${normal}/rounds?limit=2&cursor=${first.nextCursor}`)).body,
    );
    const issues = [...first.items, ...second.items].map((round) => round.issue);
    expect(issues).toEqual([...issues].sort().reverse());
    expect(new Set(issues).size).toBe(issues.length);
    expect((await call(t, 'GET', `/rooms/${crypto.randomUUID()}/rounds`)).status).toBe(404);
  });

  it('after a restart, catches up every overdue round in order, then opens a fresh one from now', async () => {
    // A drawing round and an open one, both with positions, when the "process stops".
    const user = await quickUser(t);
    await credit(t, user.id, 100_000);
    const first = await openRound(t, normal);
    expect((await place(t, user, first.id, { category: 'both_sides', type: 'long' }, 1_000)).status).toBe(
      201,
    );
    await stepTo(t, first.sealsAt);
    await stepTo(t, first.drawsAt);
    const second = await openRound(t, normal);
    expect((await place(t, user, second.id, { category: 'both_sides', type: 'short' }, 1_000)).status).toBe(
      201,
    );

    // A day later a new process (fresh services, nothing cached) takes over.
    t.clock.set(new Date(second.settlesAt.getTime() + 24 * 3600 * 1000 + 500));
    const restarted = createServices({
      config: t.config,
      database: t.database,
      clock: t.clock,
      hasher: t.hasher,
      mailer: t.mailer,
      logger: createLogger('silent'),
    });
    await restarted.roundEngine.tick();

    const rounds = await roundsOf(t, normal);
    const overdue = rounds.filter((round) => round.id === first.id || round.id === second.id);
    expect(overdue.map((round) => round.status)).toEqual(['settled', 'settled']);
    // Settled in issue order: the first round's settlement transfers precede the second's.
    const transferIds = async (round: string) => {
      const positions = await t.database.kysely
        .selectFrom('positions')
        .select('id')
        .where('round_id', '=', round)
        .execute();
      const rows = await t.database.kysely
        .selectFrom('ledger_transfers')
        .select('id')
        .where(
          'ref_id',
          'in',
          positions.map((position) => position.id),
        )
        .where('code', '<>', 'stake')
        .execute();
      return rows.map((row) => Number(row.id));
    };
    expect(Math.max(...(await transferIds(first.id)))).toBeLessThan(
      Math.min(...(await transferIds(second.id))),
    );
    // No round was invented for the downtime: the next one opens now, first of its day.
    const fresh = rounds.at(-1);
    expect(fresh?.status).toBe('open');
    expect(fresh?.opensAt.getTime()).toBe(Math.floor(t.clock.now().getTime() / 1000) * 1000);
    expect(fresh?.issue).toBe(issueNumber(Math.floor(t.clock.now().getTime() / 1000), 1));
    expect(fresh?.commitment).toBe(overdue[1]?.hash);
    await expectLedgerOk(t);
  });

  it('lets a paused room finish its round and opens no new one; positions there are refused', async () => {
    const vip = await roomId(t, 'vip');
    await tick(t);
    const round = await openRound(t, vip);
    await t.database.kysely.updateTable('rooms').set({ paused: true }).where('id', '=', vip).execute();
    const user = await quickUser(t);
    await credit(t, user.id, 200_000);
    const refused = await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 1_000);
    expect(refused.body.error?.code).toBe('ROOM_PAUSED');
    await finishRound(t, round);
    const rounds = await roundsOf(t, vip);
    expect(rounds.at(-1)?.id).toBe(round.id);
    expect(rounds.at(-1)?.status).toBe('settled');
    await t.database.kysely.updateTable('rooms').set({ paused: false }).where('id', '=', vip).execute();
    await tick(t);
    expect((await roundsOf(t, vip)).at(-1)?.status).toBe('open');
  });
});

describe('fairness chains on pglite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite', env: { FAIRNESS_CHAIN_LENGTH: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts a new chain when one is used up: its first round links to the new terminal hash', async () => {
    const normal = await roomId(t, 'normal');
    for (let i = 0; i < 3; i++) await finishRound(t, await openRound(t, normal));
    const rounds = (await roundsOf(t, normal)).slice(0, 3);
    expect(rounds.map((round) => round.chainIndex)).toEqual([1, 2, 1]);
    const [a, b, c] = rounds as [RoundRecord, RoundRecord, RoundRecord];
    expect(a.chainId).toBe(b.chainId);
    expect(c.chainId).not.toBe(a.chainId);
    expect(b.commitment).toBe(a.hash);
    expect(c.commitment).toBe(await terminalHash(t, c.chainId));
    expect(linksTo(c.hash ?? '', c.commitment)).toBe(true);
    for (const round of rounds) {
      expect(verifyRound(fairnessProofSchema.parse((await proof(t, round.id)).body)).ok).toBe(true);
    }
  });
});
