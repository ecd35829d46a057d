/** The programme rows as the rule a day is paid by, and the business day an instant falls in. */
import type { ReferralProgrammeView, ReferralRule } from '@tradehall/contracts';
import { addDays, businessDay, REFERRAL_OFF } from '@tradehall/domain';
import type { ProgrammeRow } from './referrals.repository.ts';

export interface ReferralDays {
  /** Minutes after midnight UTC a business day starts (REFERRAL_DAY_BOUNDARY_MINUTES). */
  boundaryMinutes: number;
}

export function today(now: Date, days: ReferralDays): string {
  return businessDay(now, days.boundaryMinutes);
}

export function tomorrow(now: Date, days: ReferralDays): string {
  return addDays(today(now, days), 1);
}

export function programmeView(row: ProgrammeRow | undefined): ReferralProgrammeView {
  if (!row) return { ...REFERRAL_OFF };
  return {
    mode: row.mode,
    level1RateBps: row.level1_rate_bps,
    level2RateBps: row.level2_rate_bps,
    dailyCapCents: row.daily_cap,
  };
}

/** `rows` from programmesFrom(day): the one in force on the day first (when any), then later ones. */
export function ruleFrom(day: string, rows: readonly ProgrammeRow[]): ReferralRule {
  const inForce = rows.find((row) => row.effective_from <= day);
  const next = rows.filter((row) => row.effective_from > day).at(-1);
  return {
    today: day,
    inForce: programmeView(inForce),
    next: next ? { ...programmeView(next), effectiveFrom: next.effective_from } : null,
  };
}
