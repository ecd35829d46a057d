/**
 * The console's rooms, rounds and chains. What an operator can change, and when it takes effect:
 *   - limits (entry minimum, stake minimum and maximum): for positions placed from now on;
 *   - timings (round and sealed seconds): from the next round (an open round's times are fixed);
 *   - house edge: from the next round — it waits as the room's pending edge and the round engine applies
 *     it in the transaction that opens the next round, so every position of an open round gets that
 *     round's odds, and a placed position's multiplier never changes;
 *   - pause: the current round runs to its end and settles; no new round opens while paused, and
 *     placements are refused with ROOM_PAUSED; resume lets the engine open the next round on its next tick.
 * Nothing here reads, previews, changes or delays a result: a round's hash is shown only once drawn, and
 * a chain's seed never leaves the fairness module.
 */
import type { AdminRoom, adminRoundSchema, ChainView, updateRoomRequestSchema } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FairnessChainsService, PublicChain } from '../fairness/fairness-chains.service.ts';
import type { AdminRoundRow, Room, RoomSettings, RoomStore, RoundStore } from '../rounds/rooms.service.ts';

export type UpdateRoomRequest = z.infer<typeof updateRoomRequestSchema>;
export type AdminRound = z.infer<typeof adminRoundSchema>;

export interface AdminRoomsServiceDeps {
  db: Kysely<DB>;
  rooms: RoomStore;
  rounds: RoundStore;
  chains: FairnessChainsService;
  audit: AuditService;
  clock: Clock;
}

export class AdminRoomsService {
  constructor(private readonly deps: AdminRoomsServiceDeps) {}

  async list(): Promise<{ items: AdminRoom[] }> {
    return { items: (await this.deps.rooms.list(this.deps.db)).map(toAdminRoom) };
  }

  async update(operatorId: string, roomId: string, input: UpdateRoomRequest): Promise<AdminRoom> {
    return this.deps.db.transaction().execute(async (trx) => {
      const stored = await this.deps.rooms.lockSettings(trx, roomId);
      const before = await this.deps.rooms.find(trx, roomId);
      if (!stored || !before) throw new AppError('NOT_FOUND');
      const settings: RoomSettings = {
        entryMinimum: input.entryMinimum ?? stored.entryMinimum,
        stakeMinimum: input.stakeMinimum ?? stored.stakeMinimum,
        stakeMaximum: input.stakeMaximum ?? stored.stakeMaximum,
        roundSeconds: input.roundSeconds ?? stored.roundSeconds,
        sealedSeconds: input.sealedSeconds ?? stored.sealedSeconds,
      };
      if (settings.stakeMaximum < settings.stakeMinimum) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ path: 'stakeMaximum', key: 'validation.invalidValue' }],
        });
      }
      if (settings.sealedSeconds >= settings.roundSeconds) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ path: 'sealedSeconds', key: 'validation.invalidValue' }],
        });
      }
      // Setting the edge the current round already has cancels any pending change.
      const pending =
        input.houseEdgeBps === undefined
          ? undefined
          : input.houseEdgeBps === before.houseEdgeBps
            ? null
            : input.houseEdgeBps;
      await this.deps.rooms.update(trx, roomId, settings, pending);
      const after = await this.deps.rooms.find(trx, roomId);
      if (!after) throw new AppError('NOT_FOUND');
      await this.deps.audit.record(
        {
          operatorId,
          action: 'room.update',
          targetType: 'room',
          targetId: roomId,
          reason: input.reason,
          before: auditRoom(before),
          after: auditRoom(after),
        },
        trx,
      );
      return toAdminRoom(after);
    });
  }

  pause(operatorId: string, roomId: string, reason: string): Promise<AdminRoom> {
    return this.setPaused(operatorId, roomId, reason, true);
  }

  resume(operatorId: string, roomId: string, reason: string): Promise<AdminRoom> {
    return this.setPaused(operatorId, roomId, reason, false);
  }

  /** The room's rounds, newest first, with chain and positions summary; the hash only once drawn. */
  async roundList(roomId: string, query: { cursor?: string | undefined; limit?: number | undefined }) {
    await this.room(roomId);
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.rounds.adminListForRoom(this.deps.db, roomId, cursor, limit),
      toAdminRound,
    ) satisfies Promise<Page<AdminRound>>;
  }

  async chainList(roomId: string): Promise<{ items: ChainView[] }> {
    await this.room(roomId);
    const chains = await this.deps.chains.list(this.deps.db, roomId);
    return { items: chains.map((chain) => toChainView(chain, chain.active)) };
  }

  /**
   * Creates the room's next chain now: its terminal hash is public from this moment, before any round
   * uses it; rounds move on to it when the current chain is exhausted.
   */
  async createChain(operatorId: string, roomId: string, reason: string): Promise<ChainView> {
    await this.room(roomId);
    const chain = await this.deps.db.transaction().execute(async (trx) => {
      const created = await this.deps.chains.createNext(trx, roomId, this.deps.clock.now());
      await this.deps.audit.record(
        {
          operatorId,
          action: 'chain.create',
          targetType: 'chain',
          targetId: created.id,
          reason,
          before: null,
          after: {
            roomId,
            terminalHash: created.terminalHash,
            salt: created.salt,
            length: created.length,
          },
        },
        trx,
      );
      return created;
    });
    const listed = await this.deps.chains.list(this.deps.db, roomId);
    return toChainView(
      chain,
      listed.some((entry) => entry.id === chain.id && entry.active),
    );
  }

  private async setPaused(
    operatorId: string,
    roomId: string,
    reason: string,
    paused: boolean,
  ): Promise<AdminRoom> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.rooms.lockSettings(trx, roomId))) throw new AppError('NOT_FOUND');
      const before = await this.deps.rooms.find(trx, roomId);
      if (!before) throw new AppError('NOT_FOUND');
      // Pausing a paused room (a double click) changes nothing and records nothing.
      if (before.paused === paused) return toAdminRoom(before);
      await this.deps.rooms.setPaused(trx, roomId, paused);
      await this.deps.audit.record(
        {
          operatorId,
          action: paused ? 'room.pause' : 'room.resume',
          targetType: 'room',
          targetId: roomId,
          reason,
          before: { paused: before.paused },
          after: { paused },
        },
        trx,
      );
      return toAdminRoom({ ...before, paused });
    });
  }

  private async room(roomId: string): Promise<Room> {
    const room = await this.deps.rooms.find(this.deps.db, roomId);
    if (!room) throw new AppError('NOT_FOUND');
    return room;
  }
}

/** The console shows the edge as configured: a pending edge (the next round's) when there is one. */
export function toAdminRoom(room: Room): AdminRoom {
  return {
    id: room.id,
    tier: room.tier,
    entryMinimum: room.entryMinimum,
    stakeMinimum: room.stakeMinimum,
    stakeMaximum: room.stakeMaximum,
    roundSeconds: room.roundSeconds,
    sealedSeconds: room.sealedSeconds,
    houseEdgeBps: room.pendingHouseEdgeBps ?? room.houseEdgeBps,
    paused: room.paused,
  };
}

function auditRoom(room: Room) {
  return {
    entryMinimum: room.entryMinimum,
    stakeMinimum: room.stakeMinimum,
    stakeMaximum: room.stakeMaximum,
    roundSeconds: room.roundSeconds,
    sealedSeconds: room.sealedSeconds,
    houseEdgeBps: room.houseEdgeBps,
    pendingHouseEdgeBps: room.pendingHouseEdgeBps,
  };
}

function toAdminRound(row: AdminRoundRow): AdminRound {
  // NULL in the database until drawn; checked again so no view can show a result early.
  const drawn = row.status === 'drawing' || row.status === 'settled' || row.status === 'void';
  return {
    id: row.id,
    issue: row.issue,
    status: row.status,
    opensAt: toUnixSeconds(row.opens_at),
    sealsAt: toUnixSeconds(row.seals_at),
    drawsAt: toUnixSeconds(row.draws_at),
    settledAt: row.settled_at ? toUnixSeconds(row.settled_at) : null,
    chainId: row.chain_id,
    chainIndex: row.chain_index,
    commitment: row.commitment,
    hash: drawn ? row.hash : null,
    digits: drawn && row.digits?.length === 3 ? row.digits.map(Number) : null,
    sum: drawn ? row.sum : null,
    positions: row.position_count,
    users: row.user_count,
    staked: row.staked,
    paid: row.payout_total,
  };
}

function toChainView(chain: PublicChain, active: boolean): ChainView {
  return {
    id: chain.id,
    roomId: chain.roomId,
    salt: chain.salt,
    terminalHash: chain.terminalHash,
    length: chain.length,
    used: chain.nextIndex - 1,
    publishedAt: toUnixSeconds(chain.createdAt),
    active,
  };
}
