/**
 * What the positions commitment costs (decision 0037), on both drivers. The seal's fast path (leaf hashes
 * made in SQL, nodes hashed with node:crypto) gives exactly the domain's reference leaf hashes and root on
 * random positions of every bet, amounts up to the stake ceiling and every multiplier the database
 * allows (migration 0022); it refuses what the domain
 * refuses; a burst of proof requests for one round costs one tree build (counted by the statements
 * sent, not timed), rebuilt from the positions as they are once the shared tree has aged out; and a
 * burst of requests for the round's committed set costs one serialisation (decision 0043), the same
 * bytes for all, which verify.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { committedRoundSchema, positionProofSchema } from '@tradehall/contracts';
import {
  allBets,
  type Bet,
  leafHash,
  MULTIPLIER_MAX_HUNDREDTHS,
  ownerCommitment,
  type PositionLeaf,
  positionsRoot,
  STAKE_CEILING_CENTS,
  toHex,
  verifyInclusion,
} from '@tradehall/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PositionProofsRepository } from '../src/modules/position-proofs/position-proofs.repository.ts';
import { PROOF_TREE_MAX_AGE_MS } from '../src/modules/position-proofs/position-proofs.service.ts';
import { API, call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { type MoneyUser, quickUser } from './money.ts';
import { openRound, type RoundRecord, roomId, stepTo } from './trading.ts';
import { WorkLog } from './work-log.ts';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

interface RawPosition {
  id: string;
  user_id: string;
  owner_salt: string;
  bet_category: 'both_sides' | 'special_number';
  bet_type: string | null;
  bet_number: number | null;
  amount: string;
  multiplier: number;
}

/** The round's positions as the domain defines their leaves: owner commitment made by the domain. */
async function referenceLeaves(t: TestApp, roundId: string): Promise<PositionLeaf[]> {
  const rows = await sql<RawPosition>`
    select id::text, user_id::text, owner_salt, bet_category, bet_type, bet_number, amount::text, multiplier
    from positions where round_id = ${roundId}
  `.execute(t.database.kysely);
  return rows.rows.map((row) => ({
    roundId,
    positionId: row.id,
    ownerCommitment: ownerCommitment(row.user_id, row.owner_salt),
    bet: (row.bet_category === 'both_sides'
      ? { category: 'both_sides', type: row.bet_type }
      : { category: 'special_number', number: row.bet_number }) as Bet,
    amount: Number(row.amount),
    multiplier: row.multiplier,
  }));
}

/** A random amount: small ones, and ones up to the stake ceiling the database holds them to (long text). */
function randomAmount(): number {
  switch (randomInt(3)) {
    case 0:
      return randomInt(1, 10_000);
    case 1:
      return randomInt(1, 2 ** 31);
    default:
      return STAKE_CEILING_CENTS - randomInt(0, 1_000);
  }
}

const smallAmount = () => randomInt(1, 10_000);
/** Multipliers a real bet has (x1 to x100): the rounds after the first are settled. */
const realMultiplier = () => randomInt(100, 10_000);

describe.each(DRIVERS)('the positions commitment’s cost on %s', (driver) => {
  let t: TestApp;
  let room: string;
  let users: MoneyUser[];
  let accounts: Map<string, string>;
  const work = new WorkLog();

  beforeAll(async () => {
    t = await createTestApp({ driver, observer: work });
    room = await roomId(t, 'normal');
    users = [];
    for (let i = 0; i < 3; i++) users.push(await quickUser(t, { prefix: 'cost' }));
    const rows = await t.database.kysely
      .selectFrom('ledger_accounts')
      .select(['id', 'user_id'])
      .where(
        'user_id',
        'in',
        users.map((user) => user.id),
      )
      .execute();
    accounts = new Map(rows.map((row) => [row.user_id ?? '', row.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Positions straight into the round, each of a random user, bet, amount, multiplier and salt. */
  async function insertRandom(
    round: RoundRecord,
    count: number,
    amount = randomAmount,
    multiplier = () => randomInt(1, MULTIPLIER_MAX_HUNDREDTHS + 1),
  ): Promise<void> {
    const bets = allBets();
    const values = Array.from({ length: count }, () => {
      const user = users[randomInt(users.length)] as MoneyUser;
      const bet = bets[randomInt(bets.length)] as Bet;
      return {
        id: crypto.randomUUID(),
        round_id: round.id,
        room_id: round.roomId,
        user_id: user.id,
        account_id: accounts.get(user.id) ?? '',
        bet_category: bet.category,
        bet_type: bet.category === 'both_sides' ? bet.type : null,
        bet_number: bet.category === 'special_number' ? bet.number : null,
        amount: amount(),
        multiplier: multiplier(),
        owner_salt: randomBytes(32).toString('hex'),
        status: 'open' as const,
        payout: null,
        created_at: t.clock.now(),
        settled_at: null,
      };
    });
    await t.database.kysely.insertInto('positions').values(values).execute();
  }

  it('the SQL leaf hashes and the seal’s root equal the domain’s, on random positions', async () => {
    const repository = new PositionProofsRepository();
    const round = await openRound(t, room);
    // No positions: the domain's root of the empty set.
    const empty = await t.database.kysely
      .transaction()
      .execute((trx) => t.services.positionProofs.commit(trx, round.id));
    expect(empty).toEqual({ root: positionsRoot([]), leafCount: 0, version: 1 });

    for (const size of [1, 2, 3, 250]) {
      await insertRandom(round, size - (await referenceLeaves(t, round.id)).length);
      const reference = await referenceLeaves(t, round.id);
      expect(reference).toHaveLength(size);
      const ordered = [...reference].sort((a, b) => (a.positionId < b.positionId ? -1 : 1));
      const fast = await repository.leafHashes(t.database.kysely, round.id);
      expect(fast.count).toBe(size);
      const hashes = ordered.map((_, i) => toHex(fast.hashes.subarray(i * 32, i * 32 + 32)));
      expect(hashes).toEqual(ordered.map((leaf) => toHex(leafHash(leaf))));
      const commitment = await t.database.kysely
        .transaction()
        .execute((trx) => t.services.positionProofs.commit(trx, round.id));
      expect(commitment).toEqual({ root: positionsRoot(reference), leafCount: size, version: 1 });
    }

    // Amounts this large would overflow the settlement's payouts: the round is sealed and settled empty.
    await t.database.kysely.deleteFrom('positions').where('round_id', '=', round.id).execute();
  });

  it('refuses to seal a position the domain refuses (an amount past 2^53 - 1)', async () => {
    const round = await openRound(t, room);
    await insertRandom(round, 2, smallAmount, realMultiplier);
    const refused = t.database.kysely.transaction().execute(async (trx) => {
      // The database refuses such a row first (migration 0022); lifted inside this transaction only,
      // which rolls back, to show the seal refuses it too rather than commit a leaf the domain rejects.
      await sql`alter table positions drop constraint positions_amount_ceiling`.execute(trx);
      await trx
        .updateTable('positions')
        .set({ amount: MAX_SAFE + 1 })
        .where('round_id', '=', round.id)
        .execute();
      return t.services.positionProofs.commit(trx, round.id);
    });
    await expect(refused).rejects.toThrow(/malformed position leaf: amount/);
  });

  it('100 concurrent proof requests for one round cost one tree build (and one ledger query once settled), rebuilt once aged out', async () => {
    const round = await openRound(t, room);
    await insertRandom(round, 40, smallAmount, realMultiplier);
    await stepTo(t, round.sealsAt);
    // The engine's own seal stored the domain's root (the round also holds the refused test's two).
    const stored = await t.database.kysely
      .selectFrom('rounds')
      .select(['positions_root', 'positions_count'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    const sealedLeaves = await referenceLeaves(t, round.id);
    expect(stored).toEqual({
      positions_root: positionsRoot(sealedLeaves),
      positions_count: sealedLeaves.length,
    });
    const positions = await t.database.kysely
      .selectFrom('positions')
      .select(['id', 'user_id'])
      .where('round_id', '=', round.id)
      .execute();
    const tokenOf = new Map(users.map((user) => [user.id, user.token]));
    const builds = () => work.take().filter((entry) => entry.includes('as owner_commitment')).length;
    const burst = () =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const position = positions[i % positions.length];
          return i % 2 === 0
            ? call(t, 'GET', `/position-proofs/positions/${position?.id}`, {
                token: tokenOf.get(position?.user_id ?? ''),
              })
            : call(t, 'GET', `/position-proofs/rounds/${round.id}`);
        }),
      );

    work.take();
    const first = await burst();
    expect(first.map((response) => response.status)).toEqual(first.map(() => 200));
    expect(builds()).toBe(1);
    // Every proof, its leaf hash made by the database, verifies with the domain against the domain's root.
    const reference = await referenceLeaves(t, round.id);
    const root = positionsRoot(reference);
    for (const response of first.filter((_, i) => i % 2 === 0)) {
      const proof = positionProofSchema.parse(response.body);
      const leaf = reference.find((candidate) => candidate.positionId === proof.leaf.positionId);
      expect({ ...proof.leaf, roundId: proof.roundId }).toEqual(leaf);
      expect(proof.root).toBe(root);
      expect(verifyInclusion({ ...proof.leaf, roundId: proof.roundId }, proof, root)).toBe(true);
    }
    // Within the lifetime the tree is shared; a change to the positions shows once it has aged out.
    t.clock.advanceSeconds(PROOF_TREE_MAX_AGE_MS / 1000 - 1);
    await burst();
    expect(builds()).toBe(0);
    await t.database.kysely
      .updateTable('positions')
      .set({ amount: 1 })
      .where('id', '=', positions[0]?.id ?? '')
      .execute();
    t.clock.advanceSeconds(1);
    const after = await burst();
    expect(builds()).toBe(1);
    const rebuilt = committedRoundSchema.parse(after[1]?.body);
    expect(rebuilt.leaves.find((leaf) => leaf.positionId === positions[0]?.id)?.amount).toBe(1);

    // Settled: the ledger's totals are asked once for a burst too, and again once the set has aged out.
    await stepTo(t, round.drawsAt);
    await stepTo(t, round.settlesAt);
    const totals = () => work.take().filter((entry) => entry.includes('from unnest(')).length;
    work.take();
    const settled = await burst();
    expect(settled.map((response) => response.status)).toEqual(settled.map(() => 200));
    expect(committedRoundSchema.parse(settled[1]?.body).ledger).not.toBeNull();
    expect(totals()).toBe(1);
    t.clock.advanceSeconds(PROOF_TREE_MAX_AGE_MS / 1000);
    await burst();
    expect(totals()).toBe(1);
  });

  it('100 concurrent requests for a round’s committed set serialise it once and get the same bytes, which verify', async () => {
    const round = await openRound(t, room);
    await insertRandom(round, 300, smallAmount, realMultiplier);
    await stepTo(t, round.sealsAt);
    const url = `${API}/position-proofs/rounds/${round.id}`;
    // Serialising the answer is the one JSON.stringify of an object holding the leaves.
    const stringify = vi.spyOn(JSON, 'stringify');
    const serialisations = () =>
      stringify.mock.calls.filter(([value]) => Array.isArray((value as { leaves?: unknown } | null)?.leaves))
        .length;
    try {
      const answers = await Promise.all(Array.from({ length: 100 }, () => t.app.inject({ url })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      expect(serialisations()).toBe(1);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      // Compressed for the clients that accept it, from the same bytes.
      const compressed = await Promise.all(
        Array.from({ length: 10 }, () => t.app.inject({ url, headers: { 'accept-encoding': 'br' } })),
      );
      for (const answer of compressed) {
        expect(answer.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(answers[0]?.body);
      }
      expect(serialisations()).toBe(1);

      // The bytes verify: every leaf the domain's, the root over them the one stored at the seal.
      const answer = committedRoundSchema.parse(JSON.parse(answers[0]?.body ?? ''));
      const reference = await referenceLeaves(t, round.id);
      expect(answer.leaves.map((leaf) => ({ ...leaf, roundId: answer.roundId }))).toEqual(
        [...reference].sort((a, b) => (a.positionId < b.positionId ? -1 : 1)),
      );
      expect(answer.root).toBe(positionsRoot(reference));
      expect(positionsRoot(answer.leaves.map((leaf) => ({ ...leaf, roundId: answer.roundId })))).toBe(
        answer.root,
      );

      // Settled: the answer now carries the ledger, serialised once more for the next burst.
      await stepTo(t, round.drawsAt);
      await stepTo(t, round.settlesAt);
      const settled = await Promise.all(Array.from({ length: 100 }, () => t.app.inject({ url })));
      expect(new Set(settled.map((response) => response.body)).size).toBe(1);
      expect(committedRoundSchema.parse(JSON.parse(settled[0]?.body ?? '')).ledger).not.toBeNull();
      expect(serialisations()).toBe(2);
    } finally {
      stringify.mockRestore();
    }
  });
});
