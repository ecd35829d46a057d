/** The trend tables' figures (migration 0016-trend-figures), written only by TrendsRepository.record. */
import type { ColumnType } from 'kysely';

/** int8, decoded to an exact number by the driver (int8.ts). */
type Int8 = ColumnType<number, number | undefined, number>;

export interface TrendRoomsTable {
  room_id: string;
  drawn: Int8;
}

export interface TrendDrawsTable {
  room_id: string;
  seq: Int8;
  round_id: string;
  sum: number;
}

export interface TrendSumsTable {
  room_id: string;
  sum: number;
  last_seq: Int8;
  in_100: number;
  in_1000: number;
}

export interface TrendTables {
  trend_rooms: TrendRoomsTable;
  trend_draws: TrendDrawsTable;
  trend_sums: TrendSumsTable;
}
