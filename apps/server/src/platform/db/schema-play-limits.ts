/** A player's own limits, breaks and figures, created by migration 0017-play-limits. */
import type { ColumnType } from 'kysely';

/** A bigint column, decoded to a number by both drivers (db/int8.ts). */
type Int8 = ColumnType<number, number | undefined, number>;

export type PlayLimitKindColumn =
  | 'deposit_day'
  | 'deposit_week'
  | 'deposit_month'
  | 'loss_day'
  | 'loss_week'
  | 'loss_month'
  | 'stake_round';

export type PlayBreakKindColumn =
  | 'cool_off_24h'
  | 'cool_off_7d'
  | 'cool_off_6w'
  | 'exclusion_6m'
  | 'exclusion_1y'
  | 'exclusion_5y';

export interface PlayLimitsTable {
  user_id: string;
  kind: PlayLimitKindColumn;
  /** The limit in force (null: none). */
  amount: Int8 | null;
  /** A raise or removal waiting until pending_from (pending_amount null with a time: a removal). */
  pending_amount: Int8 | null;
  pending_from: Date | null;
  updated_at: Date;
}

/** Never updated nor deleted (the table refuses it). */
export interface PlayBreaksTable {
  id: string;
  user_id: string;
  kind: PlayBreakKindColumn;
  starts_at: ColumnType<Date, Date, never>;
  ends_at: ColumnType<Date, Date, never>;
}

export interface PlaySettingsTable {
  user_id: string;
  reality_check_minutes: number | null;
  updated_at: Date;
}

/** A period's start is a UTC date, 'YYYY-MM-DD'. Kept by triggers: never written by the application. */
type PeriodStart = ColumnType<string, never, never>;
type Figure = ColumnType<Int8, never, never>;

export interface PlayUsageTable {
  user_id: ColumnType<string, never, never>;
  day_start: PeriodStart;
  day_deposited: Figure;
  day_staked: Figure;
  week_start: PeriodStart;
  week_deposited: Figure;
  week_staked: Figure;
  month_start: PeriodStart;
  month_deposited: Figure;
  month_staked: Figure;
  /** Every stake the user placed (migration 0021): the reality check's counter. */
  total_staked: Figure;
}

export interface PlayPayoutsTable {
  user_id: ColumnType<string, never, never>;
  day_start: PeriodStart;
  day_paid: Figure;
  week_start: PeriodStart;
  week_paid: Figure;
  month_start: PeriodStart;
  month_paid: Figure;
  /** Every payout the user received (migration 0021). */
  total_paid: Figure;
}

export interface PlayLimitsTables {
  play_limits: PlayLimitsTable;
  play_breaks: PlayBreaksTable;
  play_settings: PlaySettingsTable;
  play_usage: PlayUsageTable;
  play_payouts: PlayPayoutsTable;
}
