/**
 * The trading hall's reads: rooms with their current round (and, for a signed-in viewer, whether their
 * balance meets the entry minimum), entering a room, a room's rounds, and one round with the viewer's
 * positions in it or as anyone sees it.
 */
import type { PageQuery, PositionView, RoomView, RoundDetail, RoundView } from '@tradehall/contracts';
import { formatMoney } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { keysetPage, UUID_ID } from '../../platform/pagination.ts';
import { type SharedRead, SharedReadCache } from '../../platform/shared-read-cache.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Room, RoomsRepository } from './rooms.repository.ts';
import { toRoomView, toRoundView } from './round-views.ts';
import type { RoundsRepository } from './rounds.repository.ts';

/** How long the shared room list may be served before it is read again (round events refresh it at once). */
export const ROOMS_MAX_AGE_MS = 500;

export type { Room, RoomSettings } from './rooms.repository.ts';
export { toRoundView } from './round-views.ts';
export type { AdminRoundRow } from './rounds.repository.ts';

/** What the modules above the rounds (placement, market, console) read and lock of the rooms. */
export type RoomStore = Pick<RoomsRepository, 'find' | 'list' | 'lockSettings' | 'setPaused' | 'update'>;
/** ...and of the rounds, settlement's claim and totals included. */
export type RoundStore = Pick<
  RoundsRepository,
  'adminListForRoom' | 'currentViews' | 'recentSettled' | 'claimFinal' | 'setTotals' | 'setVoidReason'
>;

/** The viewer's own positions in a round: the positions module answers. */
export interface RoundPositions {
  mineInRound(userId: string, roundId: string): Promise<PositionView[]>;
}

export interface RoomsServiceDeps {
  db: Kysely<DB>;
  rooms: RoomsRepository;
  rounds: RoundsRepository;
  positions: RoundPositions;
  ledger: LedgerService;
}

export class RoomsService {
  /** Every room with its current round as an anonymous viewer sees it: read once for everyone. */
  readonly #shared: SharedReadCache<{ items: RoomView[] }>;
  readonly #perRoom = new WeakMap<object, Map<string, SharedRead<RoomView>>>();

  constructor(private readonly deps: RoomsServiceDeps) {
    this.#shared = new SharedReadCache(() => this.readRooms(), { maxAgeMs: ROOMS_MAX_AGE_MS });
  }

  /** The anonymous room list, its JSON body and ETag, from memory. */
  shared(): Promise<SharedRead<{ items: RoomView[] }>> {
    return this.#shared.get();
  }

  /** One room of the shared list with its own body and ETag (made once per list); undefined when not listed. */
  async sharedRoom(roomId: string): Promise<SharedRead<RoomView> | undefined> {
    const list = await this.#shared.get();
    let rooms = this.#perRoom.get(list);
    if (!rooms) {
      rooms = new Map(
        list.value.items.map((view, index) => [
          view.id,
          { value: view, body: JSON.stringify(view), etag: `${list.etag.slice(0, -1)}-${index}"` },
        ]),
      );
      this.#perRoom.set(list, rooms);
    }
    return rooms.get(roomId);
  }

  /** A round moved or a room changed on this node: the next read of the list is fresh. */
  invalidate(): void {
    this.#shared.invalidate();
  }

  async list(viewerId: string | null): Promise<{ items: RoomView[] }> {
    const shared = (await this.#shared.get()).value;
    if (viewerId === null) return shared;
    const balance = await this.viewerBalance(viewerId);
    return { items: shared.items.map((view) => forViewer(view, balance)) };
  }

  async get(roomId: string, viewerId: string | null): Promise<RoomView> {
    const view = (await this.#shared.get()).value.items.find((item) => item.id === roomId);
    if (!view) {
      // Not in the list (made up, or created since it was read): the database decides.
      const room = await this.room(roomId);
      const current = await this.deps.rounds.currentViews(this.deps.db, [room.id]);
      return toRoomView(room, current.get(room.id), await this.viewerBalance(viewerId));
    }
    return viewerId === null ? view : forViewer(view, await this.viewerBalance(viewerId));
  }

  private async readRooms(): Promise<{ items: RoomView[] }> {
    const rooms = await this.deps.rooms.list(this.deps.db);
    const current = await this.deps.rounds.currentViews(
      this.deps.db,
      rooms.map((room) => room.id),
    );
    return { items: rooms.map((room) => toRoomView(room, current.get(room.id), null)) };
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
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.rounds.listForRoom(this.deps.db, roomId, cursor, limit),
      toRoundView,
    );
  }

  /** A round and the viewer's own positions in it (any user may look at any round; positions are theirs). */
  async round(userId: string, roundId: string): Promise<RoundDetail> {
    const row = await this.deps.rounds.findView(this.deps.db, roundId);
    if (!row) throw new AppError('NOT_FOUND');
    return { round: toRoundView(row), myPositions: await this.deps.positions.mineInRound(userId, roundId) };
  }

  /** A round as anyone sees it in its room's rounds (a link opened signed out); NOT_FOUND for none. */
  async publicRound(roundId: string): Promise<RoundView> {
    const row = await this.deps.rounds.findView(this.deps.db, roundId);
    if (!row) throw new AppError('NOT_FOUND');
    return toRoundView(row);
  }

  private async room(roomId: string): Promise<Room> {
    const room = await this.deps.rooms.find(this.deps.db, roomId);
    if (!room) throw new AppError('NOT_FOUND');
    return room;
  }

  private async viewerBalance(viewerId: string | null): Promise<number | null> {
    if (viewerId === null) return null;
    return (await this.deps.ledger.userAccount(this.deps.db, viewerId)).balance;
  }
}

/** The anonymous view with the viewer's entry check (toRoomView's rule, from the view's entry minimum). */
function forViewer(view: RoomView, balance: number | null): RoomView {
  const missing = balance === null ? view.entryMinimum : Math.max(0, view.entryMinimum - balance);
  return { ...view, qualified: balance !== null && missing === 0, missingForEntry: missing };
}
