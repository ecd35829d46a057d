/**
 * Rooms, rounds and fairness chains from the console, under the manual clock with the real
 * round engine:
 *   - limits apply to positions placed from now; the house edge and timings from the next round (an open
 *     round keeps its odds, and a placed position's multiplier never changes);
 *   - pause: the current round finishes and settles, no new one opens, placements get ROOM_PAUSED;
 *     resume: the next round opens on the next tick;
 *   - the rounds list shows chain, index and positions summary, and no hash before the draw;
 *   - a chain created ahead is published (terminal hash) before use and taken when the current one runs out.
 * Every change is in the audit log.
 */
import {
  type AdminRoom,
  type ChainView,
  type FairnessProof,
  fairnessProofSchema,
} from '@tradehall/contracts';
import { linksTo, multiplierHundredths, verifyRound } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, auditOf } from './admin-support.ts';
import { call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import { expectLedgerOk, type MoneyUser, quickUser } from './money.ts';
import { credit, finishRound, openRound, place, roomId, roundsOf, tick } from './trading.ts';

const LONG = { category: 'both_sides', type: 'long' } as const;

interface AdminRound {
  id: string;
  issue: string;
  status: string;
  chainId: string;
  chainIndex: number;
  commitment: string;
  hash: string | null;
  digits: number[] | null;
  sum: number | null;
  positions: number;
  users: number;
  staked: number;
  paid: number;
}

describe.each(DRIVERS)('console rooms and rounds on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let user: MoneyUser;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    admin = await adminToken(t);
    user = await quickUser(t);
    await credit(t, user.id, 10_000_00);
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (room: string, body: Record<string, unknown>) =>
    call<AdminRoom & ErrorJson>(t, 'PATCH', `/admin/rooms/${room}`, { token: admin, body });
  const publicRoom = async (room: string) =>
    (await call<{ houseEdgeBps: number; stakeMaximum: number; paused: boolean }>(t, 'GET', `/rooms/${room}`))
      .body;

  it('lists every room with its settings', async () => {
    const list = await call<{ items: AdminRoom[] }>(t, 'GET', '/admin/rooms', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((room) => room.tier)).toEqual(['normal', 'vip', 'advanced', 'premier', 'dia']);
    expect(list.body.items[0]).toEqual({
      id: await roomId(t, 'normal'),
      tier: 'normal',
      entryMinimum: 0,
      stakeMinimum: 1_00,
      stakeMaximum: 1_000_00,
      roundSeconds: 60,
      sealedSeconds: 10,
      houseEdgeBps: 200,
      paused: false,
    });
  });

  it('applies new limits to positions from now, and the new edge only from the next round', async () => {
    const room = await roomId(t, 'vip');
    const current = await openRound(t, room);
    const before = await place(t, user, current.id, LONG, 20_00);
    expect(before.status).toBe(201);
    expect(before.body.multiplier).toBe(multiplierHundredths(LONG, 200));

    const updated = await patch(room, { stakeMaximum: 30_00, houseEdgeBps: 500, reason: 'Promotion' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ stakeMaximum: 30_00, houseEdgeBps: 500 });
    // Limits: at once, in the open round.
    const tooBig = await place(t, user, current.id, LONG, 40_00);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error?.code).toBe('STAKE_ABOVE_MAXIMUM');
    // Edge: the open round keeps its odds, for new positions too; the public room still shows them.
    const during = await place(t, user, current.id, LONG, 30_00);
    expect(during.body.multiplier).toBe(multiplierHundredths(LONG, 200));
    expect((await publicRoom(room)).houseEdgeBps).toBe(200);

    await finishRound(t, current);
    const next = await openRound(t, room);
    expect(next.id).not.toBe(current.id);
    expect((await publicRoom(room)).houseEdgeBps).toBe(500);
    const after = await place(t, user, next.id, LONG, 20_00);
    expect(after.body.multiplier).toBe(multiplierHundredths(LONG, 500));
    // Positions already placed keep the multiplier they were placed with.
    const stored = await t.database.kysely
      .selectFrom('positions')
      .select(['id', 'multiplier'])
      .where('id', 'in', [before.body.id, during.body.id])
      .execute();
    expect(stored.map((row) => row.multiplier)).toEqual([196, 196]);

    const [entry] = await auditOf(t, admin, 'room', room);
    expect(entry).toMatchObject({
      action: 'room.update',
      reason: 'Promotion',
      before: { stakeMaximum: 5_000_00, houseEdgeBps: 200, pendingHouseEdgeBps: null },
      after: { stakeMaximum: 30_00, houseEdgeBps: 200, pendingHouseEdgeBps: 500 },
    });
    await finishRound(t, next);
    await expectLedgerOk(t);
  });

  it('applies new timings from the next round, and refuses inconsistent settings', async () => {
    const room = await roomId(t, 'advanced');
    const current = await openRound(t, room);
    const updated = await patch(room, { roundSeconds: 90, sealedSeconds: 20, reason: 'Slower pace' });
    expect(updated.body).toMatchObject({ roundSeconds: 90, sealedSeconds: 20 });
    const unchanged = (await roundsOf(t, room)).find((round) => round.id === current.id);
    expect(unchanged?.sealsAt).toEqual(current.sealsAt);
    await finishRound(t, current);
    const next = await openRound(t, room);
    expect((next.drawsAt.getTime() - next.opensAt.getTime()) / 1000).toBe(90);
    expect((next.drawsAt.getTime() - next.sealsAt.getTime()) / 1000).toBe(20);

    const crossed = await patch(room, { stakeMinimum: 100_00, stakeMaximum: 50_00, reason: 'x' });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.details?.[0]?.path).toBe('stakeMaximum');
    const sealed = await patch(room, { sealedSeconds: 90, reason: 'x' });
    expect(sealed.status).toBe(400);
    expect((await patch(room, { houseEdgeBps: 2001, reason: 'x' })).status).toBe(400);
    expect((await patch(room, { houseEdgeBps: 300 })).status).toBe(400);
    const missing = await patch('00000000-0000-4000-8000-000000000000', { reason: 'x' });
    expect(missing.status).toBe(404);
    await finishRound(t, next);
  });

  it('pauses: the current round finishes and settles, no new one opens, positions are refused; resume reopens', async () => {
    const room = await roomId(t, 'normal');
    const current = await openRound(t, room);
    const position = await place(t, user, current.id, LONG, 10_00);
    expect(position.status).toBe(201);
    const paused = await call<AdminRoom>(t, 'POST', `/admin/rooms/${room}/pause`, {
      token: admin,
      body: { reason: 'Maintenance' },
    });
    expect(paused.body.paused).toBe(true);
    expect((await publicRoom(room)).paused).toBe(true);
    const refused = await place(t, user, current.id, LONG, 10_00);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('ROOM_PAUSED');

    await finishRound(t, current);
    const finished = (await roundsOf(t, room)).find((round) => round.id === current.id);
    expect(finished?.status).toBe('settled');
    // Time passes, the engine ticks: nothing new opens.
    t.clock.advanceSeconds(600);
    await tick(t);
    expect((await roundsOf(t, room)).filter((round) => round.status === 'open')).toEqual([]);
    // A second pause (double click) changes nothing.
    await call(t, 'POST', `/admin/rooms/${room}/pause`, { token: admin, body: { reason: 'again' } });

    const resumed = await call<AdminRoom>(t, 'POST', `/admin/rooms/${room}/resume`, {
      token: admin,
      body: { reason: 'Done' },
    });
    expect(resumed.body.paused).toBe(false);
    await tick(t);
    const reopened = (await roundsOf(t, room)).filter((round) => round.status === 'open');
    expect(reopened).toHaveLength(1);
    expect((await place(t, user, reopened[0]?.id ?? '', LONG, 10_00)).status).toBe(201);
    const log = await auditOf(t, admin, 'room', room);
    expect(log.map((entry) => [entry.action, entry.reason])).toEqual([
      ['room.resume', 'Done'],
      ['room.pause', 'Maintenance'],
    ]);
    await finishRound(t, reopened[0] ?? current);
    await expectLedgerOk(t);
  });

  it('lists rounds with chain, index and positions summary; the hash and digits only once drawn', async () => {
    const room = await roomId(t, 'premier');
    const round = await openRound(t, room);
    const other = await quickUser(t);
    await credit(t, other.id, 100_000_00);
    await credit(t, user.id, 100_000_00);
    expect((await place(t, user, round.id, LONG, 100_00)).status).toBe(201);
    expect((await place(t, user, round.id, { category: 'special_number', number: 13 }, 50_00)).status).toBe(
      201,
    );
    expect((await place(t, other, round.id, LONG, 200_00)).status).toBe(201);

    const list = async () =>
      (await call<{ items: AdminRound[] }>(t, 'GET', `/admin/rooms/${room}/rounds`, { token: admin })).body
        .items;
    const [open] = await list();
    expect(open).toMatchObject({
      id: round.id,
      status: 'open',
      chainId: round.chainId,
      chainIndex: round.chainIndex,
      commitment: round.commitment,
      hash: null,
      digits: null,
      sum: null,
      positions: 3,
      users: 2,
      staked: 350_00,
      paid: 0,
    });
    await finishRound(t, round);
    // The next round opened at this one's draw: find it by id.
    const settled = (await list()).find((entry) => entry.id === round.id);
    const proof = fairnessProofSchema.parse(
      (await call<FairnessProof>(t, 'GET', `/fairness/rounds/${round.id}`)).body,
    );
    expect(settled).toMatchObject({
      status: 'settled',
      hash: proof.hash,
      digits: proof.digits,
      sum: proof.sum,
    });
    const payouts = await t.database.kysely
      .selectFrom('positions')
      .select('payout')
      .where('round_id', '=', round.id)
      .execute();
    expect(settled?.paid).toBe(payouts.reduce((sum, row) => sum + Number(row.payout ?? 0), 0));
    expect(
      (await call(t, 'GET', '/admin/rooms/00000000-0000-4000-8000-000000000000/rounds', { token: admin }))
        .status,
    ).toBe(404);
  });
});

describe.each(DRIVERS)('fairness chains from the console on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { FAIRNESS_CHAIN_LENGTH: '3' } });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const chains = async (room: string) =>
    (await call<{ items: ChainView[] }>(t, 'GET', `/admin/rooms/${room}/chains`, { token: admin })).body
      .items;

  it('publishes the next chain before use; rounds move on to it when the current chain runs out', async () => {
    const room = await roomId(t, 'normal');
    const first = await openRound(t, room);
    const [current] = await chains(room);
    expect(current).toMatchObject({ id: first.chainId, roomId: room, length: 3, used: 1, active: true });

    const created = await call<ChainView>(t, 'POST', `/admin/rooms/${room}/chains`, {
      token: admin,
      body: { reason: 'Next chain ahead of time' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ roomId: room, length: 3, used: 0, active: false });
    expect(created.body.terminalHash).toMatch(/^[0-9a-f]{64}$/);
    const publishedAt = created.body.publishedAt;
    // Published, not used: the current chain goes on to its end first.
    let round = first;
    for (let i = 0; i < 2; i += 1) {
      await finishRound(t, round);
      round = await openRound(t, room);
      expect(round.chainId).toBe(first.chainId);
    }
    expect(round.chainIndex).toBe(3);
    await finishRound(t, round);
    const next = await openRound(t, room);
    expect(next.chainId).toBe(created.body.id);
    expect(next.chainIndex).toBe(1);
    expect(next.commitment).toBe(created.body.terminalHash);
    expect(Math.floor(next.opensAt.getTime() / 1000)).toBeGreaterThanOrEqual(publishedAt);
    await finishRound(t, next);
    const drawn = (await roundsOf(t, room)).find((entry) => entry.id === next.id);
    expect(linksTo(drawn?.hash ?? '', created.body.terminalHash)).toBe(true);
    const proof = fairnessProofSchema.parse((await call(t, 'GET', `/fairness/rounds/${next.id}`)).body);
    expect(proof.chainTerminalHash).toBe(created.body.terminalHash);
    expect(verifyRound(proof).ok).toBe(true);

    const listed = await chains(room);
    expect(listed.map((chain) => [chain.id, chain.used, chain.active])).toEqual([
      // Its second index went to the round that opened when `next` was drawn.
      [created.body.id, 2, true],
      [first.chainId, 3, false],
    ]);
    // The seed never leaves the server: not in the list, not in the audit log.
    const seeds = await t.database.kysely.selectFrom('fairness_chains').select('seed').execute();
    const [entry] = await auditOf(t, admin, 'chain', created.body.id);
    expect(entry).toMatchObject({
      action: 'chain.create',
      reason: 'Next chain ahead of time',
      after: { roomId: room, terminalHash: created.body.terminalHash, length: 3 },
    });
    for (const { seed } of seeds) {
      expect(JSON.stringify(listed)).not.toContain(seed);
      expect(JSON.stringify(entry)).not.toContain(seed);
    }
  });
});
