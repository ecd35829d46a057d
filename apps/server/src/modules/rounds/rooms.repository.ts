/** Rooms: the only SQL about them. */
import type { TradingConfig } from '../../platform/config.ts';
import { toCents } from '../../platform/db/cents.ts';
import type { RoomRow, RoomTierColumn } from '../../platform/db/schema.ts';
import type { Executor } from '../ledger/ledger.repository.ts';

/** A room as the server works with it: amounts in cents, timings after the configured overrides. */
export interface Room {
  id: string;
  tier: RoomTierColumn;
  entryMinimum: number;
  stakeMinimum: number;
  stakeMaximum: number;
  roundSeconds: number;
  sealedSeconds: number;
  drawingSeconds: number;
  houseEdgeBps: number;
  paused: boolean;
}

export type TimingOverrides = Pick<
  TradingConfig,
  'roundSecondsOverride' | 'sealedSecondsOverride' | 'drawingSecondsOverride'
>;

/**
 * The overrides (ROUND/SEALED/DRAWING_SECONDS_OVERRIDE) apply to every room when set. A sealed period
 * that would not leave the round open for at least a second is shortened to round - 1.
 */
export function toRoom(row: RoomRow, overrides: TimingOverrides): Room {
  const roundSeconds = overrides.roundSecondsOverride ?? row.round_seconds;
  const sealedSeconds = Math.min(overrides.sealedSecondsOverride ?? row.sealed_seconds, roundSeconds - 1);
  return {
    id: row.id,
    tier: row.tier,
    entryMinimum: toCents(row.entry_minimum),
    stakeMinimum: toCents(row.stake_minimum),
    stakeMaximum: toCents(row.stake_maximum),
    roundSeconds,
    sealedSeconds,
    drawingSeconds: overrides.drawingSecondsOverride ?? row.drawing_seconds,
    houseEdgeBps: row.house_edge_bps,
    paused: row.paused,
  };
}

export class RoomsRepository {
  constructor(private readonly overrides: TimingOverrides) {}

  async list(executor: Executor): Promise<Room[]> {
    const rows = await executor.selectFrom('rooms').selectAll().orderBy('position').execute();
    return rows.map((row) => toRoom(row, this.overrides));
  }

  async find(executor: Executor, id: string): Promise<Room | undefined> {
    const row = await executor.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRoom(row, this.overrides);
  }
}
