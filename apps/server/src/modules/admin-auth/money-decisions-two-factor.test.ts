/**
 * Money decisions need two-factor: an operator without it may look at the deposit and withdrawal
 * queues but is refused approving, rejecting or paying with TWO_FACTOR_REQUIRED (the console's cue to
 * open the enrolment), and nothing moves; once two-factor is on, the same decision goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, newOperator } from '../../../test/admin-support.ts';
import { call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from '../../../test/harness.ts';
import { balanceOf, offlineDeposit, quickUser } from '../../../test/money.ts';
import { twoFactorAdmin } from '../../../test/step-up-support.ts';

describe.each(DRIVERS)('money decisions and two-factor on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an operator without two-factor every money decision, and moves nothing', async () => {
    const clerk = await newOperator(t, admin, 'operator');
    const user = await quickUser(t);
    const deposit = await offlineDeposit(t, user, 5_000);
    expect((await call(t, 'GET', '/admin/deposits', { token: clerk.token })).status).toBe(200);

    const decisions = [
      ['POST', `/admin/deposits/${deposit.body.id}/approve`, undefined],
      ['POST', `/admin/deposits/${deposit.body.id}/reject`, { reason: 'no transfer seen' }],
      ['POST', `/admin/withdrawals/${deposit.body.id}/pay`, { paymentReference: 'REF-1' }],
      ['POST', `/admin/withdrawals/${deposit.body.id}/reject`, { reason: 'no' }],
    ] as const;
    for (const [method, path, body] of decisions) {
      const refused = await call<ErrorJson>(t, method, path, { token: clerk.token, body });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code, path).toBe('TWO_FACTOR_REQUIRED');
    }
    // The demo admin starts without two-factor too: no exception for the first operator.
    const asAdmin = await call<ErrorJson>(t, 'POST', `/admin/deposits/${deposit.body.id}/approve`, {
      token: admin,
    });
    expect(asAdmin.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await balanceOf(t, user.id)).toBe(0);
  });

  it('lets the decision through once two-factor is on', async () => {
    const enrolled = await twoFactorAdmin(t, admin);
    const user = await quickUser(t);
    const deposit = await offlineDeposit(t, user, 5_000);
    const approved = await call<{ status: string }>(t, 'POST', `/admin/deposits/${deposit.body.id}/approve`, {
      token: enrolled.token,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await balanceOf(t, user.id)).toBe(5_000);
  });
});
