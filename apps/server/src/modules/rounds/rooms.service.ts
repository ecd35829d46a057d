/**
 * The trading hall's reads: rooms with their current round (and, for a signed-in viewer, whether their
 * balance meets the entry minimum), entering a room, a room's rounds, and one round with the viewer's
 * positions in it.
 */
import type { PageQuery, RoomView, RoundDetail, RoundView } from '@tradehall/contracts';
import { formatMoney } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, type Page, pageSize, toPage, UUID_ID } from '../../platform/pagination.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { toPositionView } from '../positions/position-views.ts';
import type { PositionsRepository } from '../positions/positions.repository.ts';
import type { Room, RoomsRepository } from './rooms.repository.ts';
import { toRoomView, toRoundView } from './round-views.ts';
import type { RoundsRepository } from './rounds.repository.ts';

export class RoomsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly rooms: RoomsRepository,
    private readonly rounds: RoundsRepository,
    private readonly positions: PositionsRepository,
    private readonly ledger: LedgerService,
  ) {}

  async list(viewerId: string | null): Promise<{ items: RoomView[] }> {
    const rooms = await this.rooms.list(this.db);
    const current = await this.rounds.currentViews(rooms.map((room) => room.id));
    const balance = await this.viewerBalance(viewerId);
    return { items: rooms.map((room) => toRoomView(room, current.get(room.id), balance)) };
  }

  async get(roomId: string, viewerId: string | null): Promise<RoomView> {
    const room = await this.room(roomId);
    const current = await this.rounds.currentViews([room.id]);
    return toRoomView(room, current.get(room.id), await this.viewerBalance(viewerId));
  }

  /** Entering checks the entry minimum: ENTRY_MINIMUM_NOT_MET with the amount still missing. */
  async enter(userId: string, roomId: string): Promise<{ room: RoomView }> {
    const view = await this.get(roomId, userId);
    if (!view.qualified) {
      throw new AppError('ENTRY_MINIMUM_NOT_MET', { params: { amount: formatMoney(view.missingForEntry) } });
    }
    return { room: view };
  }

  async roomRounds(
    roomId: string,
    query: PageQuery,
  ): Promise<{ items: RoundView[]; nextCursor: string | null }> {
    await this.room(roomId);
    const limit = pageSize(query.limit);
    const rows = await this.rounds.listForRoom(roomId, decodeCursor(query.cursor, UUID_ID), limit);
    return toPage(rows, limit, toRoundView);
  }

  /** A round and the viewer's own positions in it (any user may look at any round; positions are theirs). */
  async round(userId: string, roundId: string): Promise<RoundDetail> {
    const row = await this.rounds.findView(roundId);
    if (!row) throw new AppError('NOT_FOUND');
    const mine = await this.positions.forUserInRound(userId, roundId);
    return { round: toRoundView(row), myPositions: mine.map(toPositionView) };
  }

  private async room(roomId: string): Promise<Room> {
    const room = await this.rooms.find(this.db, roomId);
    if (!room) throw new AppError('NOT_FOUND');
    return room;
  }

  private async viewerBalance(viewerId: string | null): Promise<number | null> {
    if (viewerId === null) return null;
    return (await this.ledger.userAccount(this.db, viewerId)).balance;
  }
}

export type RoundPage = Page<RoundView>;
