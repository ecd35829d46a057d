/**
 * The proof of liabilities end to end, on PGlite and PostgreSQL: a snapshot's claims (cash + held for
 * pending withdrawals + open stakes), signed statements chained by their previous roots, every user's
 * proof verifying with the published key, the tables append-only, the console's "take a snapshot now"
 * (admin, audited) and reserves (admin, step-up), and tampering with the stored data below the
 * application: a changed balance, a dropped user, a negative leaf, a changed signature all fail.
 */
import { createHash } from 'node:crypto';
import { leafNode, type SumNode, toHex } from '@tradehall/domain';
import { type LiabilitiesProof, signStatement, verifyLiabilitiesProof } from '@tradehall/domain/liabilities';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiabilitiesRepository } from '../src/modules/liabilities/liabilities.repository.ts';
import { LiabilitiesService } from '../src/modules/liabilities/liabilities.service.ts';
import { packLevel } from '../src/modules/liabilities/liabilities-storage.ts';
import { buildTreeOffThread } from '../src/modules/liabilities/liabilities-worker-client.ts';
import { createLogger } from '../src/platform/logger.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { bindCard, type MoneyUser, newKey, operatorToken, PAYMENT_PASSWORD, quickUser } from './money.ts';
import { twoFactorAdmin } from './step-up-support.ts';
import { credit, openRound, place, roomId } from './trading.ts';

interface Snapshot {
  id: string;
  sequence: number;
  root: string;
  total: number;
  userCount: number;
  previousRoot: string;
  publicKey: string;
  trigger: string;
}

async function proofOf(t: TestApp, user: MoneyUser, snapshotId: string) {
  return call<LiabilitiesProof>(t, 'GET', `/liabilities/snapshots/${snapshotId}/proof`, {
    token: user.token,
  });
}

/**
 * A proof the server answered (200): an error answer (a 503 under load, say) is reported as what it is,
 * not as a proof that failed to verify.
 */
async function answeredProof(t: TestApp, user: MoneyUser, snapshotId: string): Promise<LiabilitiesProof> {
  const response = await proofOf(t, user, snapshotId);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** What a superuser below the application could do: the append-only triggers switched off for a moment. */
async function asSuperuser(t: TestApp, table: string, change: () => Promise<void>): Promise<void> {
  await sql`alter table ${sql.table(table)} disable trigger user`.execute(t.database.kysely);
  try {
    await change();
  } finally {
    await sql`alter table ${sql.table(table)} enable trigger user`.execute(t.database.kysely);
  }
}

describe.each(DRIVERS)('proof of liabilities (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let alice: MoneyUser;
  let bob: MoneyUser;
  let carol: MoneyUser;
  let publicKey: string;

  beforeEach(async () => {
    t = await createTestApp({ driver });
    admin = await operatorToken(t);
    alice = await quickUser(t, { prefix: 'alice' });
    bob = await quickUser(t, { prefix: 'bob' });
    carol = await quickUser(t, { prefix: 'carol' });
    // Alice: cash only. Bob: 300.00, of which 10.00 staked in an open round. Carol: 200.00, 50.00 held.
    await credit(t, alice.id, 490_00);
    await credit(t, bob.id, 300_00);
    await credit(t, carol.id, 200_00);
    const round = await openRound(t, await roomId(t, 'normal'));
    expect((await place(t, bob, round.id, { category: 'both_sides', type: 'long' }, 10_00)).status).toBe(201);
    const card = await bindCard(t, carol);
    const withdrawal = await call(t, 'POST', '/withdrawals', {
      token: carol.token,
      body: {
        amount: 50_00,
        destinationType: 'bank_card',
        destinationId: card,
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    });
    expect(withdrawal.status).toBe(201);
    const key = await call<{ publicKey: string }>(t, 'GET', '/liabilities/public-key');
    publicKey = key.body.publicKey;
  });

  afterEach(async () => {
    await t.close();
  });

  async function take(): Promise<Snapshot> {
    const response = await call<Snapshot>(t, 'POST', '/admin/liabilities/snapshots', { token: admin });
    expect(response.status).toBe(201);
    return response.body;
  }

  it('commits each claim (cash + held + open stakes) and every user verifies with the published key', async () => {
    const before = await call<{ latest: null; publicKey: string }>(t, 'GET', '/liabilities');
    expect(before.body).toMatchObject({ latest: null, publicKey, scheduleMinutes: 60 });
    const snapshot = await take();
    const users = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ledger_accounts where kind = 'user_cash'`.execute(t.database.kysely)
    ).rows[0]?.n;
    expect(snapshot).toMatchObject({ sequence: 1, userCount: users, trigger: 'operator', publicKey });
    const cash = await sql<{
      total: number;
    }>`select sum(balance)::int8 as total from ledger_accounts where kind = 'user_cash'`.execute(
      t.database.kysely,
    );
    // The claims add up to every user's cash plus the 50.00 held and the 10.00 staked.
    expect(snapshot.total).toBe((cash.rows[0]?.total ?? 0) + 50_00 + 10_00);
    const expected = new Map([
      [alice, 490_00],
      [bob, 300_00],
      [carol, 200_00],
    ]);
    for (const [user, amount] of expected) {
      const proof = await answeredProof(t, user, snapshot.id);
      expect(verifyLiabilitiesProof(proof, { publicKey, expectedAmount: amount })).toMatchObject({
        ok: true,
        amount,
        total: snapshot.total,
      });
    }
    const overview = await call<{ latest: Snapshot }>(t, 'GET', '/liabilities');
    expect(overview.body.latest.id).toBe(snapshot.id);
    const audit = await sql<{
      action: string;
    }>`select action from operator_audit_log where action = 'liabilities.snapshot'`.execute(
      t.database.kysely,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('chains each snapshot to the previous root and lists them newest first', async () => {
    const first = await take();
    await credit(t, alice.id, 1_00);
    const second = await take();
    expect(second).toMatchObject({ sequence: 2, previousRoot: first.root, total: first.total + 1_00 });
    const history = await call<{ items: Snapshot[] }>(t, 'GET', '/liabilities/snapshots');
    expect(history.body.items.map((s) => s.id)).toEqual([second.id, first.id]);
    // Alice's proof in the first snapshot still says 490.00, in the second 491.00.
    const old = await answeredProof(t, alice, first.id);
    expect(verifyLiabilitiesProof(old, { publicKey, expectedAmount: 490_00 })).toMatchObject({ ok: true });
    const now = await answeredProof(t, alice, second.id);
    expect(verifyLiabilitiesProof(now, { publicKey, expectedAmount: 491_00 })).toMatchObject({ ok: true });
  });

  it('refuses another user or a snapshot that does not exist, and a user without a session', async () => {
    const snapshot = await take();
    expect((await call(t, 'GET', `/liabilities/snapshots/${snapshot.id}/proof`)).status).toBe(401);
    const missing = await proofOf(t, alice, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('keeps its tables append-only', async () => {
    const snapshot = await take();
    for (const statement of [
      sql`update liabilities_snapshots set total = 0 where id = ${snapshot.id}`,
      sql`delete from liabilities_leaves where snapshot_id = ${snapshot.id}`,
      sql`update liabilities_levels set nodes = '' where snapshot_id = ${snapshot.id}`,
      sql`truncate liabilities_snapshots cascade`,
    ]) {
      await expect(statement.execute(t.database.kysely)).rejects.toThrow(/append-only/);
    }
    // And a negative leaf is refused by the table's check, trigger or not.
    await expect(
      asSuperuser(t, 'liabilities_leaves', async () => {
        await sql`insert into liabilities_leaves (snapshot_id, user_id, position, salt, amount)
          values (${snapshot.id}, ${alice.id}, 999, ${'ab'.repeat(32)}, -5)`.execute(t.database.kysely);
      }),
    ).rejects.toThrow();
  });

  describe('tampered below the application', () => {
    it('a changed balance in a stored leaf fails that user', async () => {
      const snapshot = await take();
      await asSuperuser(t, 'liabilities_leaves', async () => {
        await sql`update liabilities_leaves set amount = amount - 100 where snapshot_id = ${snapshot.id}
          and user_id = ${alice.id}`.execute(t.database.kysely);
      });
      const proof = await answeredProof(t, alice, snapshot.id);
      expect(verifyLiabilitiesProof(proof, { publicKey })).toEqual({
        ok: false,
        reason: 'ROOT_MISMATCH',
      });
    });

    it('a dropped user has no proof to show', async () => {
      const snapshot = await take();
      await asSuperuser(t, 'liabilities_leaves', async () => {
        await sql`delete from liabilities_leaves where snapshot_id = ${snapshot.id} and user_id = ${bob.id}`.execute(
          t.database.kysely,
        );
      });
      expect((await proofOf(t, bob, snapshot.id)).status).toBe(404);
    });

    it('a changed signature fails every user', async () => {
      const snapshot = await take();
      await asSuperuser(t, 'liabilities_snapshots', async () => {
        await sql`update liabilities_snapshots set signature = ${'00'.repeat(64)} where id = ${snapshot.id}`.execute(
          t.database.kysely,
        );
      });
      for (const user of [alice, bob, carol]) {
        const proof = await answeredProof(t, user, snapshot.id);
        expect(verifyLiabilitiesProof(proof, { publicKey })).toEqual({
          ok: false,
          reason: 'BAD_SIGNATURE',
        });
      }
    });

    it('a negative leaf added, the tree rebuilt and re-signed with the key, fails a neighbour', async () => {
      const snapshot = await take();
      const leaves = await t.database.kysely
        .selectFrom('liabilities_leaves')
        .select(['user_id', 'salt', 'amount', 'position'])
        .where('snapshot_id', '=', snapshot.id)
        .orderBy('position')
        .execute();
      // The operator hides 100.00 of debt behind a negative leaf placed beside Alice (first, then the
      // negative leaf, then everyone else), built by hand (the builder refuses it), and signs the result
      // with the server's own key.
      const alicesLeaf = leaves.find((l) => l.user_id === alice.id);
      const order = [alicesLeaf, ...leaves.filter((l) => l.user_id !== alice.id)].filter(
        (l) => l !== undefined,
      );
      const nodes: SumNode[] = order.map((l) =>
        leafNode({ userId: l.user_id, salt: Uint8Array.from(Buffer.from(l.salt, 'hex')), amount: l.amount }),
      );
      nodes.splice(1, 0, { hash: new Uint8Array(32).fill(9), sum: -100_00 });
      const levels = forgedLevels(nodes);
      const root = levels[levels.length - 1]?.[0] as SumNode;
      const statement = {
        sequence: snapshot.sequence,
        takenAt: (await call<{ latest: { takenAt: string } }>(t, 'GET', '/liabilities')).body.latest.takenAt,
        root: toHex(root.hash),
        total: root.sum,
        userCount: nodes.length,
        previousRoot: snapshot.previousRoot,
      };
      const key = t.config.liabilities.signingKey as Uint8Array;
      await asSuperuser(t, 'liabilities_snapshots', async () => {
        await sql`update liabilities_snapshots set root = ${statement.root}, total = ${statement.total},
          user_count = ${statement.userCount}, signature = ${signStatement(statement, key)}
          where id = ${snapshot.id}`.execute(t.database.kysely);
      });
      await asSuperuser(t, 'liabilities_levels', async () => {
        await sql`delete from liabilities_levels where snapshot_id = ${snapshot.id}`.execute(
          t.database.kysely,
        );
        for (const [level, nodesOfLevel] of levels.entries()) {
          await sql`insert into liabilities_levels (snapshot_id, level, nodes)
            values (${snapshot.id}, ${level}, ${forgedPack(nodesOfLevel)})`.execute(t.database.kysely);
        }
      });
      await asSuperuser(t, 'liabilities_leaves', async () => {
        await sql`update liabilities_leaves set position = position + 100000
          where snapshot_id = ${snapshot.id}`.execute(t.database.kysely);
        for (const [i, leaf] of order.entries()) {
          await sql`update liabilities_leaves set position = ${i === 0 ? 0 : i + 1}
            where snapshot_id = ${snapshot.id} and user_id = ${leaf.user_id}`.execute(t.database.kysely);
        }
      });
      const published = await call<{ latest: Snapshot }>(t, 'GET', '/liabilities');
      expect(published.body.latest.total).toBe(snapshot.total - 100_00);
      const proof = await answeredProof(t, alice, snapshot.id);
      expect(verifyLiabilitiesProof(proof, { publicKey, expectedAmount: 490_00 })).toEqual({
        ok: false,
        reason: 'BAD_SUM',
      });
    });
  });

  it('states reserves with a step-up code (admin only), shown beside the total and audited', async () => {
    const stepUpAdmin = await twoFactorAdmin(t, admin);
    const body = { amount: 1_000_00, scope: 'bank_attestation', evidence: 'Bank letter of 2026-11-27' };
    const refused = await call(t, 'PUT', '/admin/liabilities/reserves', { token: stepUpAdmin.token, body });
    expect(refused.status).toBe(401);
    const stated = await call(t, 'PUT', '/admin/liabilities/reserves', {
      token: stepUpAdmin.token,
      body: { ...body, totpCode: stepUpAdmin.nextCode() },
    });
    expect(stated.status).toBe(200);
    const overview = await call<{ reserves: unknown }>(t, 'GET', '/liabilities');
    expect(overview.body.reserves).toMatchObject({ amount: 1_000_00, scope: 'bank_attestation' });
  });

  it('answers "a snapshot now" with claims read after the request, never a running snapshot read before it', async () => {
    // A second service on the same database whose first tree is held until the test lets it go: the
    // scheduled snapshot has read its claims (490.00 for Alice) and is building its tree when Alice is
    // credited 5.00 and the admin asks for a snapshot now. Joining the running one answered the admin
    // with Alice at 490.00, and her proof failed against her balance of 495.00 (AMOUNT_MISMATCH).
    let reached: () => void = () => undefined;
    const claimsRead = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const service = new LiabilitiesService({
      db: t.database.kysely,
      repository: new LiabilitiesRepository(),
      clock: t.clock,
      audit: t.services.audit,
      logger: createLogger('silent'),
      signingKey: t.config.liabilities.signingKey,
      scheduleMinutes: 60,
      buildTree: async (claims, batch) => {
        if (!held) {
          held = true;
          reached();
          await released;
        }
        return buildTreeOffThread(claims, batch);
      },
    });
    const operator = await t.database.kysely
      .selectFrom('operators')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const scheduled = service.take('schedule');
    await claimsRead;
    await credit(t, alice.id, 5_00);
    const asked = service.take('operator', operator.id);
    release();
    const [before, now] = await Promise.all([scheduled, asked]);
    expect(now.id).not.toBe(before.id);
    expect(now).toMatchObject({
      trigger: 'operator',
      sequence: before.sequence + 1,
      total: before.total + 5_00,
    });
    const proof = await answeredProof(t, alice, now.id);
    expect(verifyLiabilitiesProof(proof, { publicKey, expectedAmount: 495_00 })).toMatchObject({ ok: true });
    // Two requests of the same kind before the claims are read still share one snapshot.
    const [a, b] = await Promise.all([service.take('schedule'), service.take('schedule')]);
    expect(a.id).toBe(b.id);
  });

  it('is due on the schedule: none yet, then not until the interval has passed', async () => {
    expect(await t.services.liabilities.due()).toBe(true);
    await t.services.liabilities.take('schedule');
    expect(await t.services.liabilities.due()).toBe(false);
    t.clock.advanceSeconds(60 * 60);
    expect(await t.services.liabilities.due()).toBe(true);
  });
});

/** The tree an operator would build by hand, skipping the range checks the domain's builder makes. */
function forgedLevels(leaves: SumNode[]): SumNode[][] {
  const u64 = (v: number) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(BigInt(v));
    return b;
  };
  const tag = Buffer.from('tradehall-liabilities/v1/node\0');
  const levels = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as SumNode;
      const right = level[i + 1];
      if (right === undefined) {
        next.push(left);
        continue;
      }
      const hash = createHash('sha256')
        .update(Buffer.concat([tag, left.hash, u64(left.sum), right.hash, u64(right.sum)]))
        .digest();
      next.push({ hash: new Uint8Array(hash), sum: left.sum + right.sum });
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** packLevel, but writing a negative sum as its two's complement, as a forger's code would. */
function forgedPack(level: SumNode[]): Uint8Array {
  const honest = level.map((n) => ({ hash: n.hash, sum: Math.max(0, n.sum) }));
  const out = packLevel(honest);
  for (const [i, node] of level.entries()) {
    if (node.sum < 0) new DataView(out.buffer).setBigInt64(i * 40 + 32, BigInt(node.sum));
  }
  return out;
}
