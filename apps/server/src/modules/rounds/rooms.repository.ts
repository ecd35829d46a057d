/** Rooms: the only SQL about them. */
import { sql, type Transaction } from 'kysely';
import type { TradingConfig } from '../../platform/config.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, RoomRow, RoomTierColumn } from '../../platform/db/schema.ts';

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
  /** The edge of the room's current round (positions placed now get odds from it). */
  houseEdgeBps: number;
  /** An operator's new edge, waiting for the next round to open; null when none. */
  pendingHouseEdgeBps: number | null;
  paused: boolean;
}

/** What an operator may change on a room (amounts in cents), as stored. */
export interface RoomSettings {
  entryMinimum: number;
  stakeMinimum: number;
  stakeMaximum: number;
  roundSeconds: number;
  sealedSeconds: number;
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
    entryMinimum: row.entry_minimum,
    stakeMinimum: row.stake_minimum,
    stakeMaximum: row.stake_maximum,
    roundSeconds,
    sealedSeconds,
    drawingSeconds: overrides.drawingSecondsOverride ?? row.drawing_seconds,
    houseEdgeBps: row.house_edge_bps,
    pendingHouseEdgeBps: row.pending_house_edge_bps,
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

  /** The stored settings of a room (before overrides), locked until the transaction ends. */
  async lockSettings(trx: Transaction<DB>, id: string): Promise<RoomSettings | undefined> {
    const row = await trx.selectFrom('rooms').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return (
      row && {
        entryMinimum: row.entry_minimum,
        stakeMinimum: row.stake_minimum,
        stakeMaximum: row.stake_maximum,
        roundSeconds: row.round_seconds,
        sealedSeconds: row.sealed_seconds,
      }
    );
  }

  /**
   * Limits and timings take effect at once (a round's own times are fixed when it opens, so timings only
   * shape rounds still to come); the edge waits in `pending_house_edge_bps` for the next round.
   */
  async update(
    trx: Transaction<DB>,
    id: string,
    settings: RoomSettings,
    pendingHouseEdgeBps: number | null | undefined,
  ): Promise<void> {
    await trx
      .updateTable('rooms')
      .set({
        entry_minimum: settings.entryMinimum,
        stake_minimum: settings.stakeMinimum,
        stake_maximum: settings.stakeMaximum,
        round_seconds: settings.roundSeconds,
        sealed_seconds: settings.sealedSeconds,
        ...(pendingHouseEdgeBps === undefined ? {} : { pending_house_edge_bps: pendingHouseEdgeBps }),
      })
      .where('id', '=', id)
      .execute();
  }

  async setPaused(trx: Transaction<DB>, id: string, paused: boolean): Promise<void> {
    await trx.updateTable('rooms').set({ paused }).where('id', '=', id).execute();
  }

  /**
   * Called by the round engine in the transaction that opens the room's next round: a pending edge
   * becomes the room's edge now, when no round of the room is open (the previous one has been drawn).
   */
  async applyPendingEdge(trx: Transaction<DB>, id: string): Promise<void> {
    await trx
      .updateTable('rooms')
      .set({ house_edge_bps: sql<number>`pending_house_edge_bps`, pending_house_edge_bps: null })
      .where('id', '=', id)
      .where('pending_house_edge_bps', 'is not', null)
      .execute();
  }
}
