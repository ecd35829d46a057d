/**
 * Referral rewards end to end on each driver: registration through an inviter's code, accrual at
 * settlement from the expected edge (never from a voided round), the team page, the programme and
 * override set from the next business day by an admin with step-up (audit-logged), the daily payment
 * through the ledger once per referrer, day and level (a second run and two concurrent payers pay
 * nothing more), the reward lines in the records, and the console's tree and reports.
 */
import {
  addDays,
  businessDay,
  multiplierHundredths,
  positionEdgeUnits,
  rewardCents,
} from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type TestApp } from '../../../test/harness.ts';
import { balanceOf, expectLedgerOk, type MoneyUser, operatorToken, quickUser } from '../../../test/money.ts';
import { invited, nextDay, PROGRAMME } from '../../../test/referral-support.ts';
import { type TwoFactorAdmin, twoFactorAdmin } from '../../../test/step-up-support.ts';
import { credit, finishRound, openRound, place, roomId } from '../../../test/trading.ts';

const START = new Date('2026-11-26T10:00:00Z');

describe.each(DRIVERS)('referral rewards on %s', (driver) => {
  let t: TestApp;
  let admin: TwoFactorAdmin;
  let operator: string;
  let referrer: MoneyUser;
  let a: MoneyUser;
  let b: MoneyUser;
  let normal: string;

  beforeAll(async () => {
    t = await createTestApp({
      driver,
      env: { REFERRAL_PAY_CHUNK: '2', CONSOLE_IDLE_TIMEOUT_SECONDS: '86400' },
    });
    t.clock.set(START);
    operator = await operatorToken(t);
    admin = await twoFactorAdmin(t, operator);
    referrer = await quickUser(t, { prefix: 'referrer' });
    a = await invited(t, referrer);
    b = await invited(t, a);
    normal = await roomId(t, 'normal');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps registration with an unknown code refused with its clear error', async () => {
    const response = await call(t, 'POST', '/auth/register', {
      body: {
        account: 'nobodyknows1',
        password: 'secret123',
        confirmPassword: 'secret123',
        invitationCode: 'ZZZZ9999',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('INVITATION_CODE_UNKNOWN');
  });

  it('puts a programme in force from the next business day, audit-logged, admins with step-up only', async () => {
    const before = await call(t, 'GET', '/admin/referrals/programme', { token: operator });
    expect(before.body).toMatchObject({ inForce: { mode: 'off' }, next: null });
    const tooMuch = await call(t, 'PUT', '/admin/referrals/programme', {
      token: admin.token,
      body: { ...PROGRAMME, level1RateBps: 9_600, totpCode: admin.nextCode() },
    });
    expect(tooMuch.status).toBe(400);
    const noCode = await call(t, 'PUT', '/admin/referrals/programme', {
      token: admin.token,
      body: PROGRAMME,
    });
    expect(noCode.body.error?.code).toBe('TOTP_REQUIRED');
    const saved = await call(t, 'PUT', '/admin/referrals/programme', {
      token: admin.token,
      body: { ...PROGRAMME, totpCode: admin.nextCode() },
    });
    expect(saved.status).toBe(200);
    const today = businessDay(t.clock.now());
    expect(saved.body).toEqual({
      today,
      inForce: { mode: 'off', level1RateBps: 0, level2RateBps: 0, dailyCapCents: 0 },
      next: { ...PROGRAMME, effectiveFrom: addDays(today, 1) },
    });
    const audit = await t.database.kysely
      .selectFrom('operator_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'referral.programme')
      .execute();
    expect(audit).toEqual([{ action: 'referral.programme', target_id: addDays(today, 1) }]);
    // The users see the same rule.
    const team = await call(t, 'GET', '/referrals/team', { token: referrer.token });
    expect(team.body).toMatchObject({ rule: { inForce: { mode: 'off' }, next: { mode: 'two_levels' } } });
  });

  it('accrues the expected edge of settled positions, never a voided round, and pays it the next day', async () => {
    await nextDay(t);
    const day = businessDay(t.clock.now());
    await credit(t, a.id, 100_000);
    await credit(t, b.id, 100_000);
    // A plays both sides of a round; B plays one special number.
    const round = await openRound(t, normal);
    expect((await place(t, a, round.id, { category: 'both_sides', type: 'long' }, 10_000)).status).toBe(201);
    expect((await place(t, a, round.id, { category: 'both_sides', type: 'short' }, 10_000)).status).toBe(201);
    expect((await place(t, b, round.id, { category: 'special_number', number: 14 }, 1_000)).status).toBe(201);
    await finishRound(t, round);
    // A round that is voided refunds its stakes and accrues nothing.
    const next = await openRound(t, normal);
    expect((await place(t, b, next.id, { category: 'both_sides', type: 'long' }, 50_000)).status).toBe(201);
    await t.services.settlement.void(next.id, 'test');

    const team = await call(t, 'GET', '/referrals/team', { token: referrer.token });
    expect(team.body).toMatchObject({
      levels: [
        { level: 1, invitees: 1, turnoverToday: 20_000, turnoverTotal: 20_000 },
        { level: 2, invitees: 1, turnoverToday: 1_000, turnoverTotal: 1_000 },
      ],
      rewardsPaidTotal: 0,
      rule: { inForce: PROGRAMME },
    });
    const inviteesPage = await call(t, 'GET', '/referrals/invitees?level=2', { token: referrer.token });
    expect(inviteesPage.body).toMatchObject({
      items: [{ turnoverToday: 1_000, turnoverTotal: 1_000 }],
      nextCursor: null,
    });
    const masked = (inviteesPage.body.items as Array<{ account: string }>)[0]?.account ?? '';
    expect(masked).toContain('*');
    expect(masked).not.toBe(b.account);
    const accruing = await call(t, 'GET', '/referrals/rewards', { token: referrer.token });
    expect(accruing.body).toEqual({
      items: [
        { day, level: 1, invitees: 1, status: 'accruing', amount: 0 },
        { day, level: 2, invitees: 1, status: 'accruing', amount: 0 },
      ],
    });
    // Nothing is paid for a day that is not over.
    expect(await t.services.referralPayments.payDue()).toEqual([]);

    const m196 = multiplierHundredths({ category: 'both_sides', type: 'long' }, 200);
    const m14 = multiplierHundredths({ category: 'special_number', number: 14 }, 200);
    const edgeA =
      positionEdgeUnits({ category: 'both_sides', type: 'long' }, 10_000, m196) +
      positionEdgeUnits({ category: 'both_sides', type: 'short' }, 10_000, m196);
    const edgeB = positionEdgeUnits({ category: 'special_number', number: 14 }, 1_000, m14);
    // 2 % of $200 is $4 of expected edge; 25 % of it is $1.
    expect(rewardCents(edgeA, 2_500)).toBe(100);
    const forReferrer = rewardCents(edgeA, 2_500) + rewardCents(edgeB, 500);
    const forA = rewardCents(edgeB, 2_500);

    const before = { referrer: await balanceOf(t, referrer.id), a: await balanceOf(t, a.id) };
    await nextDay(t);
    const paid = await t.services.referralPayments.payDue();
    expect(paid).toEqual([{ day, rewards: 3, total: forReferrer + forA }]);
    expect(await balanceOf(t, referrer.id)).toBe(before.referrer + forReferrer);
    expect(await balanceOf(t, a.id)).toBe(before.a + forA);
    // Again, and two payers at once: nothing more.
    expect(await t.services.referralPayments.payDue()).toEqual([]);
    await Promise.all([t.services.referralPayments.payDay(day), t.services.referralPayments.payDay(day)]);
    expect(await balanceOf(t, referrer.id)).toBe(before.referrer + forReferrer);
    await expectLedgerOk(t);

    const rewards = await call(t, 'GET', '/referrals/rewards', { token: referrer.token });
    expect(rewards.body).toEqual({
      items: [
        { day, level: 1, invitees: 1, status: 'paid', amount: rewardCents(edgeA, 2_500) },
        { day, level: 2, invitees: 1, status: 'paid', amount: rewardCents(edgeB, 500) },
      ],
    });
    const records = await call<{ items: Array<Record<string, unknown>> }>(t, 'GET', '/transactions', {
      token: referrer.token,
    });
    expect(records.body.items.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'referral',
          amount: rewardCents(edgeA, 2_500),
          purpose: { type: 'referral', day, level: 1, invitees: 1 },
        }),
      ]),
    );
    const last = records.body.items[0];
    expect(last?.balanceAfter).toBe(before.referrer + forReferrer);
  });

  it('caps a day per referrer, level 1 first, and honours an exclusion from the next day', async () => {
    // The console's sessions ended while the days went by.
    operator = await operatorToken(t);
    admin = await twoFactorAdmin(t, operator);
    const set = await call(t, 'PUT', '/admin/referrals/programme', {
      token: admin.token,
      body: { ...PROGRAMME, dailyCapCents: 60, totpCode: admin.nextCode() },
    });
    expect(set.status).toBe(200);
    const excluded = await call(t, 'PUT', `/admin/users/${a.id}/referral-override`, {
      token: admin.token,
      body: {
        excluded: true,
        level1RateBps: null,
        level2RateBps: null,
        reason: 'plays both sides',
        totpCode: admin.nextCode(),
      },
    });
    expect(excluded.status).toBe(200);
    expect(excluded.body).toMatchObject({
      inviter: { userId: referrer.id },
      members: { level1: 1, level2: 0 },
      override: { excluded: true, reason: 'plays both sides' },
    });
    await nextDay(t);
    const day = businessDay(t.clock.now());
    const round = await openRound(t, normal);
    await place(t, a, round.id, { category: 'both_sides', type: 'long' }, 10_000);
    await place(t, b, round.id, { category: 'both_sides', type: 'long' }, 10_000);
    await finishRound(t, round);
    const before = { referrer: await balanceOf(t, referrer.id), a: await balanceOf(t, a.id) };
    await nextDay(t);
    const [paid] = await t.services.referralPayments.payDue();
    // The referrer: level 1 $0.50, level 2 $0.10, capped at $0.60; A is excluded: nothing.
    expect(paid).toEqual({ day, rewards: 2, total: 60 });
    expect(await balanceOf(t, referrer.id)).toBe(before.referrer + 60);
    expect(await balanceOf(t, a.id)).toBe(before.a);
    const aRewards = await call(t, 'GET', '/referrals/rewards', { token: a.token });
    expect(aRewards.body.items).toContainEqual({ day, level: 1, invitees: 1, status: 'none', amount: 0 });
  });

  it('shows the console the tree and the reports', async () => {
    operator = await operatorToken(t);
    const tree = await call(t, 'GET', `/admin/users/${referrer.id}/referrals`, { token: operator });
    expect(tree.status).toBe(200);
    expect(tree.body).toMatchObject({
      inviter: null,
      members: { level1: 1, level2: 1 },
      invitees: expect.arrayContaining([
        expect.objectContaining({ userId: a.id, level: 1 }),
        expect.objectContaining({ userId: b.id, level: 2 }),
      ]),
    });
    const report = await call(t, 'GET', '/admin/referrals/report?from=2026-11-01&to=2026-12-31', {
      token: operator,
    });
    expect(report.status).toBe(200);
    const top = (report.body.topReferrers as Array<{ userId: string; total: number }>)[0];
    expect(top?.userId).toBe(referrer.id);
    expect((report.body.perDay as unknown[]).length).toBe(2);
    expect(
      (
        await call(t, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000/referrals', {
          token: operator,
        })
      ).status,
    ).toBe(404);
  });
});
