/**
 * The audit log: every operator action is there with who, what, when, before and after,
 * filterable by operator, action, target and time, in cursor pages — and it cannot be edited or deleted,
 * and an action that rolls back leaves no entry.
 */
import type { AuditEntry } from '@tradehall/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, newOperator, type TestOperator } from './admin-support.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { type MoneyUser, newKey, quickUser } from './money.ts';

describe.each(DRIVERS)('the audit log on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let operator: TestOperator;
  let user: MoneyUser;
  let startedAt: number;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    admin = await adminToken(t);
    startedAt = Math.floor(t.clock.now().getTime() / 1000);
    operator = await newOperator(t, admin, 'operator');
    user = await quickUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const log = (query = '') =>
    call<{ items: AuditEntry[]; nextCursor: string | null }>(t, 'GET', `/admin/audit-log${query}`, {
      token: admin,
    });

  it('filters by operator, action, target and time, newest first, in pages', async () => {
    t.clock.advanceSeconds(10);
    const reasons = ['first', 'second', 'third'];
    for (const [i, reason] of reasons.entries()) {
      const score = await call(t, 'POST', `/admin/users/${user.id}/credit-score`, {
        token: operator.token,
        body: { score: 500 + i, reason },
      });
      expect(score.status).toBe(200);
      t.clock.advanceSeconds(10);
    }
    // Between the first entry (now - 30 s) and the second (now - 20 s).
    const mid = Math.floor(t.clock.now().getTime() / 1000) - 25;

    const byOperator = await log(`?operatorId=${operator.id}`);
    expect(byOperator.status).toBe(200);
    expect(byOperator.body.items.map((entry) => entry.reason)).toEqual(['third', 'second', 'first']);
    expect(byOperator.body.items[0]).toMatchObject({
      operatorId: operator.id,
      operatorAccount: operator.account,
      action: 'user.credit_score',
      targetType: 'user',
      targetId: user.id,
      before: { creditScore: 501 },
      after: { creditScore: 502 },
    });
    const byAction = await log('?action=operator.create');
    expect(byAction.body.items.map((entry) => entry.targetId)).toEqual([operator.id]);
    expect((await log(`?targetType=user&targetId=${user.id}`)).body.items).toHaveLength(3);
    const recent = await log(`?targetId=${user.id}&from=${mid}`);
    expect(recent.body.items.map((entry) => entry.reason)).toEqual(['third', 'second']);
    const early = await log(`?targetId=${user.id}&to=${mid}`);
    expect(early.body.items.map((entry) => entry.reason)).toEqual(['first']);
    expect((await log(`?to=${startedAt}`)).body.items).toEqual([]);

    const first = await log(`?targetId=${user.id}&limit=2`);
    expect(first.body.items.map((entry) => entry.reason)).toEqual(['third', 'second']);
    const second = await log(`?targetId=${user.id}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({ items: [expect.objectContaining({ reason: 'first' })], nextCursor: null });
    expect((await log('?from=yesterday')).status).toBe(400);
  });

  it('has no entry for an action that was refused and rolled back', async () => {
    const before = (await log()).body.items.length;
    const refused = await call(t, 'POST', `/admin/users/${user.id}/balance-adjustments`, {
      token: admin,
      body: { amount: -1_00, reason: 'more than they have', idempotencyKey: newKey() },
    });
    expect(refused.status).toBe(400);
    expect((await log()).body.items.length).toBe(before);
  });

  it('cannot be edited or deleted, even by SQL', async () => {
    const db = t.database.kysely;
    await expect(sql`update operator_audit_log set reason = 'rewritten'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from operator_audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate operator_audit_log`.execute(db)).rejects.toThrow(/append-only/);
  });
});
