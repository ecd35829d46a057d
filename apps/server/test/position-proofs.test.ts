/**
 * Positions committed at the seal, end to end on both drivers: the root is stored and published with
 * round.sealed before the result exists; the owner's proof and the round's committed set verify with the
 * domain's verifier once settled; and every way of changing the books after the seal — a position
 * inserted, deleted, its amount, bet or owner altered, a payout the committed set does not imply, the
 * stored root rewritten — makes that verification fail.
 */
import {
  type CommittedRound,
  committedRoundSchema,
  type PositionProof,
  positionProofSchema,
  type RoundView,
  roundDetailSchema,
} from '@tradehall/contracts';
import { type PositionLeaf, positionsRoot, verifyPositions } from '@tradehall/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_TREE_MAX_AGE_MS } from '../src/modules/position-proofs/position-proofs.service.ts';
import type { DomainEvent } from '../src/platform/events.ts';
import { newId } from '../src/platform/ids.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { type MoneyUser, quickUser } from './money.ts';
import { credit, openRound, place, type RoundRecord, roomId, stepTo, tick } from './trading.ts';

const BETS = [
  { category: 'both_sides', type: 'long' },
  { category: 'both_sides', type: 'short' },
  { category: 'special_number', number: 13 },
  { category: 'both_sides', type: 'single' },
] as const;

function leavesOf(round: CommittedRound): PositionLeaf[] {
  return round.leaves.map((leaf) => ({ ...leaf, roundId: round.roundId }));
}

function mineOf(proof: PositionProof) {
  const { leaf, userId, ownerSalt, index, leafCount, siblings } = proof;
  return {
    leaf: { ...leaf, roundId: proof.roundId },
    userId,
    ownerSalt,
    proof: { index, leafCount, siblings },
  };
}

describe.each(DRIVERS)('positions committed at the seal on %s', (driver) => {
  let t: TestApp;
  let room: string;
  let users: MoneyUser[];
  const heard: DomainEvent[] = [];
  beforeAll(async () => {
    t = await createTestApp({ driver });
    room = await roomId(t, 'normal');
    users = [];
    for (let i = 0; i < 4; i++) {
      const user = await quickUser(t, { prefix: 'proof' });
      await credit(t, user.id, 500_000);
      users.push(user);
    }
    t.services.events.subscribe((event) => heard.push(event));
    await tick(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A round with one position per user, sealed; returns it and the positions' ids. */
  async function sealedRound(): Promise<{ round: RoundRecord; ids: string[] }> {
    const round = await openRound(t, room);
    const ids: string[] = [];
    for (const [i, user] of users.entries()) {
      const response = await place(t, user, round.id, BETS[i % BETS.length] ?? BETS[0], 1_000 + i * 250);
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    await stepTo(t, round.sealsAt);
    return { round, ids };
  }

  async function settle(round: RoundRecord): Promise<void> {
    await stepTo(t, round.drawsAt);
    await stepTo(t, round.settlesAt);
  }

  /**
   * A round's committed set (tree, leaves, ledger totals) is shared by its requests for a few seconds
   * (decision 0037): a change to the positions or the ledger shows in the answers asked for after that.
   * The suites wait it out before checking again.
   */
  function ageOutProofTrees(): void {
    t.clock.advanceSeconds(PROOF_TREE_MAX_AGE_MS / 1000);
  }

  async function committed(roundId: string): Promise<CommittedRound> {
    const response = await call(t, 'GET', `/position-proofs/rounds/${roundId}`);
    expect(response.status).toBe(200);
    return committedRoundSchema.parse(response.body);
  }

  async function proofOf(user: MoneyUser, positionId: string): Promise<PositionProof> {
    const response = await call(t, 'GET', `/position-proofs/positions/${positionId}`, { token: user.token });
    expect(response.status).toBe(200);
    return positionProofSchema.parse(response.body);
  }

  /** What the app checks for `user` on a settled round, with the root it kept at the seal. */
  async function verifyFor(user: MoneyUser, positionId: string, deviceRoot: string) {
    const round = await committed((await proofOf(user, positionId)).roundId);
    const proof = await proofOf(user, positionId);
    return verifyPositions({ ...round, leaves: leavesOf(round) }, { mine: [mineOf(proof)], deviceRoot });
  }

  it('stores the root in the sealing transaction, publishes it with round.sealed, and it verifies once settled', async () => {
    const open = await openRound(t, room);
    const before = await call(t, 'GET', `/position-proofs/rounds/${open.id}`);
    expect(before.status).toBe(404);
    const { round, ids } = await sealedRound();
    const published = heard.flatMap((event) =>
      event.channel === 'topic' &&
      event.event.event === 'round.sealed' &&
      (event.event.data as { round: RoundView }).round.id === round.id
        ? [(event.event.data as { round: RoundView }).round]
        : [],
    )[0];
    expect(published?.positions).toMatchObject({ leafCount: 4, version: 1 });
    expect(published?.sum).toBeNull();
    const deviceRoot = published?.positions?.root ?? '';

    const sealed = await committed(round.id);
    expect(sealed).toMatchObject({ root: deviceRoot, leafCount: 4, sum: null, ledger: null });
    expect(positionsRoot(leavesOf(sealed))).toBe(deviceRoot);
    // The published leaves never name an owner.
    const userIds = new Set(users.map((user) => user.id));
    expect(
      JSON.stringify(sealed.leaves)
        .split('"')
        .some((part) => userIds.has(part)),
    ).toBe(false);

    await settle(round);
    const owner = users[0] as MoneyUser;
    const result = await verifyFor(owner, ids[0] ?? '', deviceRoot);
    expect(result).toMatchObject({
      ok: true,
      setOk: true,
      inclusionOk: true,
      settlementOk: true,
      deviceRootOk: true,
    });
    const settled = await committed(round.id);
    expect(settled.ledger).toEqual(result.expected);

    const detail = roundDetailSchema.parse(
      (await call(t, 'GET', `/rounds/${round.id}`, { token: owner.token })).body,
    );
    expect(detail.round.positions?.root).toBe(deviceRoot);
  });

  it('answers a position’s proof to its owner only', async () => {
    const { round, ids } = await sealedRound();
    const [first, second] = users as [MoneyUser, MoneyUser];
    const own = await proofOf(first, ids[0] ?? '');
    expect(own.userId).toBe(first.id);
    const other = await call(t, 'GET', `/position-proofs/positions/${ids[0]}`, { token: second.token });
    expect(other.status).toBe(404);
    const anonymous = await call(t, 'GET', `/position-proofs/positions/${ids[0]}`);
    expect(anonymous.status).toBe(401);
    await settle(round);
  });

  const tampers: Array<[string, (round: RoundRecord, ids: string[]) => Promise<void>]> = [
    [
      'a position inserted after the seal',
      async (round) => {
        const user = users[3] as MoneyUser;
        const account = await t.database.kysely
          .selectFrom('ledger_accounts')
          .select('id')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        await t.database.kysely
          .insertInto('positions')
          .values({
            id: newId(t.clock.now().getTime()),
            round_id: round.id,
            room_id: round.roomId,
            user_id: user.id,
            account_id: account.id,
            bet_category: 'both_sides',
            bet_type: 'long',
            bet_number: null,
            amount: 5_000,
            multiplier: 196,
            status: 'open',
            payout: null,
            created_at: t.clock.now(),
            settled_at: null,
          })
          .execute();
      },
    ],
    [
      'a position deleted after the seal',
      async (_round, ids) => {
        await t.database.kysely
          .deleteFrom('positions')
          .where('id', '=', ids[1] ?? '')
          .execute();
      },
    ],
    [
      'an amount altered after the seal',
      async (_round, ids) => {
        await t.database.kysely
          .updateTable('positions')
          .set({ amount: 1 })
          .where('id', '=', ids[1] ?? '')
          .execute();
      },
    ],
    [
      'a bet altered after the seal',
      async (_round, ids) => {
        await t.database.kysely
          .updateTable('positions')
          .set({ bet_category: 'special_number', bet_type: null, bet_number: 0 })
          .where('id', '=', ids[1] ?? '')
          .execute();
      },
    ],
    [
      'an owner altered after the seal',
      async (_round, ids) => {
        await t.database.kysely
          .updateTable('positions')
          .set({ user_id: (users[2] as MoneyUser).id })
          .where('id', '=', ids[1] ?? '')
          .execute();
      },
    ],
  ];

  it.each(tampers)('%s makes the verification fail', async (_name, tamper) => {
    const { round, ids } = await sealedRound();
    const deviceRoot = (await committed(round.id)).root;
    await tamper(round, ids);
    await settle(round);
    ageOutProofTrees();
    const result = await verifyFor(users[0] as MoneyUser, ids[0] ?? '', deviceRoot);
    expect(result.setOk).toBe(false);
    expect(result.ok).toBe(false);
  });

  it('the stored root rewritten to match a deleted position is caught by the device’s copy', async () => {
    const { round, ids } = await sealedRound();
    const deviceRoot = (await committed(round.id)).root;
    await t.database.kysely
      .deleteFrom('positions')
      .where('id', '=', ids[2] ?? '')
      .execute();
    ageOutProofTrees();
    const remaining = await committed(round.id);
    await t.database.kysely
      .updateTable('rounds')
      .set({ positions_root: positionsRoot(leavesOf(remaining)), positions_count: 3 })
      .where('id', '=', round.id)
      .execute();
    await settle(round);
    const result = await verifyFor(users[0] as MoneyUser, ids[0] ?? '', deviceRoot);
    expect(result).toMatchObject({ setOk: true, deviceRootOk: false, ok: false });
  });

  it('a payout the committed set does not imply makes the ledger check fail', async () => {
    const { round, ids } = await sealedRound();
    const deviceRoot = (await committed(round.id)).root;
    await settle(round);
    const honest = await verifyFor(users[0] as MoneyUser, ids[0] ?? '', deviceRoot);
    expect(honest.ok).toBe(true);
    const lost = await sql<{ id: string; user_id: string }>`
      select id::text, user_id::text from positions where round_id = ${round.id} and status = 'lost' limit 1
    `.execute(t.database.kysely);
    const loser = lost.rows[0];
    if (!loser) throw new Error('every position won');
    await t.database.kysely.transaction().execute((trx) =>
      t.services.ledger.transfer(trx, {
        from: { system: 'house' },
        to: { userId: loser.user_id },
        amount: 777,
        code: 'payout',
        reference: { type: 'position', id: loser.id, leg: 'win' },
        at: t.clock.now(),
      }),
    );
    ageOutProofTrees();
    const result = await verifyFor(users[0] as MoneyUser, ids[0] ?? '', deviceRoot);
    expect(result).toMatchObject({ setOk: true, settlementOk: false, ok: false });
  });
});
