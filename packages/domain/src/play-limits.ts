/**
 * Limits a player sets on their own play (docs/decisions/0032-play-limits.md): deposits and losses per
 * day, week and month, and the most they stake in one round.
 *
 * - Periods are UTC: a day starts at 00:00 UTC, a week on Monday 00:00 UTC, a month on its first day
 *   00:00 UTC, like every other "per day" figure of the product.
 * - A lower limit (or a first one) applies at once; a higher one, or removing one, waits 24 hours. A
 *   change waiting keeps the limit in force until its time.
 * - Loss is stakes minus payouts in the period: a stake counts as lost from the moment it is placed, a
 *   payout (win or refund) takes it back when it is paid.
 */
import type { Cents } from './money.ts';

export const PLAY_PERIODS = ['day', 'week', 'month'] as const;
export type PlayPeriod = (typeof PLAY_PERIODS)[number];

export const PLAY_LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'stake_round',
] as const;
export type PlayLimitKind = (typeof PLAY_LIMIT_KINDS)[number];

/** How long raising or removing a limit waits. */
export const LIMIT_RAISE_DELAY_SECONDS = 24 * 60 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period a limit counts over; null for the stake per round. */
export function periodOfLimit(kind: PlayLimitKind): PlayPeriod | null {
  switch (kind) {
    case 'deposit_day':
    case 'loss_day':
      return 'day';
    case 'deposit_week':
    case 'loss_week':
      return 'week';
    case 'deposit_month':
    case 'loss_month':
      return 'month';
    case 'stake_round':
      return null;
  }
}

/** The instant the period holding `at` started (UTC). */
export function periodStart(period: PlayPeriod, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  switch (period) {
    case 'day':
      return new Date(day);
    case 'week':
      // getUTCDay: Sunday 0 ... Saturday 6; weeks start on Monday (ISO 8601).
      return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS);
    case 'month':
      return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  }
}

/** The instant the period holding `at` ends: the next one's start, when its figures reset. */
export function periodEnd(period: PlayPeriod, at: Date): Date {
  const start = periodStart(period, at);
  switch (period) {
    case 'day':
      return new Date(start.getTime() + DAY_MS);
    case 'week':
      return new Date(start.getTime() + 7 * DAY_MS);
    case 'month':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/** A limit as stored: the amount in force (null: none) and a raise or removal waiting for its time. */
export interface PlayLimitSetting {
  amount: Cents | null;
  pending: { amount: Cents | null; from: Date } | null;
}

/** The setting as it stands at `now`: a waiting change whose time has come is in force. */
export function settleLimit(setting: PlayLimitSetting, now: Date): PlayLimitSetting {
  if (setting.pending && setting.pending.from.getTime() <= now.getTime()) {
    return { amount: setting.pending.amount, pending: null };
  }
  return setting;
}

/** The limit in force at `now` (null: none). */
export function limitInForce(setting: PlayLimitSetting | undefined, now: Date): Cents | null {
  return setting ? settleLimit(setting, now).amount : null;
}

export type LimitChange =
  | { outcome: 'applied'; setting: PlayLimitSetting }
  | { outcome: 'scheduled'; setting: PlayLimitSetting }
  | { outcome: 'unchanged'; setting: PlayLimitSetting };

/**
 * What asking for `requested` (null: no limit) does to a limit at `now`. Lower than the limit in force,
 * or a first limit: applied at once, and any waiting change dropped. Equal to it: any waiting change
 * is dropped (nothing else changes). Higher, or a removal: scheduled 24 h from now, the limit in force
 * staying until then; asking again for what is already waiting keeps its time (a repeat does not push
 * it back).
 */
export function changeLimit(
  current: PlayLimitSetting | undefined,
  requested: Cents | null,
  now: Date,
): LimitChange {
  const setting = current ? settleLimit(current, now) : { amount: null, pending: null };
  const inForce = setting.amount;
  if (requested === inForce) {
    return setting.pending
      ? { outcome: 'applied', setting: { amount: inForce, pending: null } }
      : { outcome: 'unchanged', setting };
  }
  if (requested !== null && (inForce === null || requested < inForce)) {
    return { outcome: 'applied', setting: { amount: requested, pending: null } };
  }
  if (setting.pending && setting.pending.amount === requested) return { outcome: 'scheduled', setting };
  const from = new Date(now.getTime() + LIMIT_RAISE_DELAY_SECONDS * 1000);
  return { outcome: 'scheduled', setting: { amount: inForce, pending: { amount: requested, from } } };
}

/** What a period has counted so far; `start` names the period the figures belong to. */
export interface PeriodFigures {
  start: Date;
  deposited: Cents;
  staked: Cents;
  paid: Cents;
}

export type PlayUsage = Partial<Record<PlayPeriod, PeriodFigures>>;

const ZERO = { deposited: 0, staked: 0, paid: 0 };

/** The figures of the period holding `now`: zero when the stored ones belong to an earlier period. */
export function figuresAt(usage: PlayUsage, period: PlayPeriod, now: Date): Omit<PeriodFigures, 'start'> {
  const figures = usage[period];
  if (!figures || figures.start.getTime() !== periodStart(period, now).getTime()) return ZERO;
  return figures;
}

/** The figures as they would be with one more deposit of `amount` at `now` (a check before asking for it). */
export function withDeposit(usage: PlayUsage, amount: Cents, now: Date): PlayUsage {
  const next: PlayUsage = {};
  for (const period of PLAY_PERIODS) {
    const figures = figuresAt(usage, period, now);
    next[period] = { ...figures, start: periodStart(period, now), deposited: figures.deposited + amount };
  }
  return next;
}

export type PlayLimits = Partial<Record<PlayLimitKind, PlayLimitSetting>>;

/** Which limit refuses, its amount and when its figures reset (null for the stake per round). */
export interface PlayRefusal {
  kind: PlayLimitKind;
  limit: Cents;
  resetsAt: Date | null;
}

/** The period limits of one family, latest reset first: a refusal names the one that lasts longest. */
const DEPOSIT_KINDS = ['deposit_month', 'deposit_week', 'deposit_day'] as const;
const LOSS_KINDS = ['loss_month', 'loss_week', 'loss_day'] as const;

function firstOver(
  kinds: readonly PlayLimitKind[],
  limits: PlayLimits,
  now: Date,
  measure: (period: PlayPeriod) => Cents,
): PlayRefusal | null {
  for (const kind of kinds) {
    const limit = limitInForce(limits[kind], now);
    const period = periodOfLimit(kind);
    if (limit === null || period === null) continue;
    if (measure(period) > limit) return { kind, limit, resetsAt: periodEnd(period, now) };
  }
  return null;
}

/**
 * Whether a deposit may be asked for: `usage` already counts it (the check runs after the figures were
 * updated under their lock, so concurrent deposits are decided one after the other).
 */
export function depositRefusal(limits: PlayLimits, usage: PlayUsage, now: Date): PlayRefusal | null {
  return firstOver(DEPOSIT_KINDS, limits, now, (period) => figuresAt(usage, period, now).deposited);
}

/**
 * Whether a stake may be placed: `usage` and `roundStaked` (the player's stakes in this round) already
 * count it. The stake per round is named first (it is about this stake alone), then the losses.
 */
export function stakeRefusal(
  limits: PlayLimits,
  usage: PlayUsage,
  roundStaked: Cents,
  now: Date,
): PlayRefusal | null {
  const perRound = limitInForce(limits.stake_round, now);
  if (perRound !== null && roundStaked > perRound) {
    return { kind: 'stake_round', limit: perRound, resetsAt: null };
  }
  return firstOver(LOSS_KINDS, limits, now, (period) => {
    const figures = figuresAt(usage, period, now);
    return figures.staked - figures.paid;
  });
}
