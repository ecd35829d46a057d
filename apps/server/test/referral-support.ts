/** What the referral suites share: an invited user, the next business day, the programme they set. */
import { addDays, businessDay } from '@tradehall/domain';
import { call, register, type TestApp } from './harness.ts';
import type { MoneyUser } from './money.ts';
import type { TwoFactorAdmin } from './step-up-support.ts';

export const PROGRAMME = {
  mode: 'two_levels',
  level1RateBps: 2_500,
  level2RateBps: 500,
  dailyCapCents: 10_000,
} as const;

/** A user registered with `inviter`'s invitation code, signed in. */
export async function invited(t: TestApp, inviter: MoneyUser): Promise<MoneyUser> {
  const team = await call<{ invitationCode: string }>(t, 'GET', '/referrals/team', { token: inviter.token });
  const account = `ref${Math.random().toString(36).slice(2, 12)}`;
  const user = await register(t, account, 'secret123', { invitationCode: team.body.invitationCode });
  const session = await t.services.sessions.create(user.id, { ip: null, userAgent: null });
  return { id: user.id, account, token: session.token };
}

/** Moves the clock to ten minutes into the next business day (sessions stay alive: under a day idle). */
export async function nextDay(t: TestApp): Promise<void> {
  const next = addDays(businessDay(t.clock.now()), 1);
  t.clock.set(new Date(`${next}T00:10:00Z`));
}

/** Puts PROGRAMME in force from the next business day (an admin with step-up). */
export async function putProgramme(t: TestApp, admin: TwoFactorAdmin): Promise<void> {
  const saved = await call(t, 'PUT', '/admin/referrals/programme', {
    token: admin.token,
    body: { ...PROGRAMME, totpCode: admin.nextCode() },
  });
  if (saved.status !== 200) throw new Error(`programme refused: ${saved.status}`);
}
