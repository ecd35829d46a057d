/**
 * Taking a position (DESIGN §6) and the investment and revenue records.
 *
 * The hot path is ONE statement for a batch of placements (one round trip, one commit; see
 * PlacementBatcher for how concurrent placements are grouped): the round's immutable facts (room, issue,
 * seals_at) and the room's settings are cached here, so the checks (stake limits, the multiplier frozen
 * from the domain's odds) run before the statement, which then re-verifies under the round's FOR SHARE
 * lock everything they assumed — round open, seals_at after the server's clock read when the batch was
 * sent, room settings unchanged, stake within limits, balance meeting the entry minimum — and only then
 * writes each claim, debit, stake transfer and position (PositionsRepository.placeBatch). Whenever it
 * does not place a position (a cold cache, a refusal, a replayed key, a lost race) the careful path below
 * decides for that position, so neither the cache nor the batching can change an outcome, only its speed.
 *
 * The careful path is ONE transaction of a handful of statements:
 *   1. one read of the round (locked FOR SHARE: the sealer's UPDATE waits for us, so nothing is
 *      accepted after the seal), its room and the user's cash account;
 *   2. the checks, by the server's clock taken after the lock: open and before seals_at
 *      (ROUND_NOT_OPEN), room not paused, entry minimum met, stake within the room's limits;
 *   3. the idempotency row, written complete with the response (a retry waits for us and replays it);
 *   4. the stake transfer user cash -> stakes_escrow with its conditional debit (INSUFFICIENT_FUNDS);
 *   5. the position, with the multiplier frozen from the domain's odds for the room's edge (after the
 *      debit, so the round and day figures its insert updates are decided holding the user's account).
 * A refusal rolls everything back; a refused request that reuses a key gets the first answer instead.
 */
import type { PageQuery, PlacePositionRequest, PositionView, revenueItemSchema } from '@tradehall/contracts';
import { BOTH_SIDES_BETS, checkAmountRange, formatMoney, multiplierHundredths } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import {
  type IdempotentOperation,
  type Replayable,
  requestHash,
} from '../idempotency/idempotency.service.ts';
import { describedBy, type LedgerService, type ReferenceKind } from '../ledger/ledger.service.ts';
import type { MoneyOperationsService } from '../ledger/money-operations.service.ts';
import type { PlayGate } from '../play-limits/play-limits.service.ts';
import type { Room, RoomStore } from '../rounds/rooms.service.ts';
import { PlacementBatcher } from './placement-batcher.ts';
import { toPositionView } from './position-views.ts';
import {
  type BatchedPlacement,
  type NewPosition,
  PLACEMENT_ABORTED,
  type PlacementContext,
  type PositionsRepository,
  type RoundMeta,
} from './positions.repository.ts';

/** The day's trading figures, for the market overview. */
export type PositionFigures = Pick<PositionsRepository, 'dailyFigures'>;

export type RevenueItem = z.infer<typeof revenueItemSchema>;

/** Round facts never change; room settings may (an operator's edit), so they are re-read every second. */
const ROUND_CACHE_SIZE = 512;
const ROOM_CACHE_MS = 1_000;

/**
 * Two batches written at once keep both cores busy (one statement's commit overlaps the next one's
 * work) while leaving most of the pool to everything else; 64 bounds a statement's size. Measured in
 * docs/decisions/0010-trading-hot-path.md.
 */
const BATCH_LIMITS = { inFlight: 2, size: 64 };

/** Errors after which the batch's placements are decided one by one instead (nothing was written). */
const RETRY_ONE_BY_ONE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
]);

/** A placement waiting for its batch: what the pre-checks found, for the statement to re-verify. */
interface QueuedPlacement {
  userId: string;
  roundId: string;
  round: RoundMeta;
  operation: IdempotentOperation;
  input: PlacePositionRequest;
}

type Placed = Replayable<PositionView> | null;

export interface PositionsServiceDeps {
  db: Kysely<DB>;
  repository: PositionsRepository;
  rooms: RoomStore;
  ledger: LedgerService;
  money: MoneyOperationsService;
  clock: Clock;
  events: DomainEvents;
  /** The player's own limits and breaks, checked on the careful path (the batch leaves such users out). */
  play: PlayGate;
}

export class PositionsService {
  readonly #rounds = new Map<string, RoundMeta>();
  readonly #rooms = new Map<string, { room: Room; readAt: number }>();
  readonly #batcher = new PlacementBatcher<QueuedPlacement, Placed>(
    (batch) => this.placeBatch(batch),
    BATCH_LIMITS,
  );

  constructor(private readonly deps: PositionsServiceDeps) {}

  /** How a position shows in the transaction records (LedgerService.registerKind). */
  readonly records: ReferenceKind = describedBy(
    (executor, ids) => this.deps.repository.describe(executor, ids),
    (row) => ({
      type: 'position',
      positionId: row.id,
      roundId: row.round_id,
      issue: row.issue,
      tier: row.tier,
      betCategory: row.bet_category,
      betType: BOTH_SIDES_BETS.find((value) => value === row.bet_type) ?? null,
      betNumber: row.bet_number,
      stake: row.amount,
    }),
  );

  async place(
    userId: string,
    roundId: string,
    input: PlacePositionRequest,
  ): Promise<Replayable<PositionView>> {
    const { idempotencyKey, ...request } = input;
    const operation = {
      userId,
      key: idempotencyKey,
      operation: 'position.place',
      request: { roundId, ...request },
    };
    const placed =
      (await this.placeInBatch(operation, roundId, input)) ??
      (await this.placeCarefully(operation, roundId, input));
    // Tells the user's other screens (no extra query on the hot path: they refetch what they show). A
    // replay publishes the same status again, which is harmless.
    this.deps.events.publishTopic({
      topic: 'user',
      userId,
      event: 'order.updated',
      data: { kind: 'position', id: placed.body.id, status: placed.body.status },
    });
    return placed;
  }

  /** The hot path: the position placed with its batch, or null when it was not (the careful path decides). */
  private async placeInBatch(
    operation: IdempotentOperation,
    roundId: string,
    input: PlacePositionRequest,
  ): Promise<Placed> {
    const round = await this.roundMeta(roundId);
    if (!round || this.deps.clock.now().getTime() >= round.sealsAt.getTime()) return null;
    const room = await this.room(round.roomId);
    if (!room || room.paused) return null;
    // The stake's range is checked once, by the batch statement against the room's row under its lock;
    // a stake outside it is not placed there and the careful path names the refusal.
    return this.#batcher.submit({ userId: operation.userId, roundId, round, operation, input });
  }

  /**
   * Writes one batch (all into one round, one placement per user): the answer for each placement, in
   * order — its response when placed, null when the careful path must decide it. The clock is read once
   * for the batch, just before the statement that checks it against seals_at under the round's lock.
   */
  private async placeBatch(batch: QueuedPlacement[]): Promise<Placed[]> {
    const answers: Placed[] = batch.map(() => null);
    const round = batch[0]?.round;
    if (!round) return answers;
    const room = await this.room(round.roomId);
    const now = this.deps.clock.now();
    if (!room || room.paused || now.getTime() >= round.sealsAt.getTime()) return answers;

    const placements: { index: number; view: PositionView; placement: BatchedPlacement }[] = [];
    batch.forEach(({ roundId, operation, input }, index) => {
      const id = newId(now.getTime());
      const multiplier = multiplierHundredths(input.bet, room.houseEdgeBps);
      const view: PositionView = {
        id,
        roundId,
        roomId: round.roomId,
        tier: round.tier,
        issue: round.issue,
        bet: input.bet,
        amount: input.amount,
        multiplier,
        status: 'open',
        payout: null,
        createdAt: toUnixSeconds(now),
        settledAt: null,
      };
      placements.push({
        index,
        view,
        placement: {
          id,
          userId: operation.userId,
          ...betColumns(input),
          amount: input.amount,
          multiplier,
          key: operation.key,
          requestHash: requestHash(operation),
          response: view,
        },
      });
    });
    if (placements.length === 0) return answers;

    const stakes = await this.deps.ledger.batchStakes(now, room.entryMinimum);
    try {
      const placed = await this.deps.repository.placeBatch(
        this.deps.db,
        {
          roundId: batch[0]?.roundId ?? '',
          roomId: round.roomId,
          at: now,
          expected: {
            houseEdgeBps: room.houseEdgeBps,
            entryMinimum: room.entryMinimum,
            stakeMinimum: room.stakeMinimum,
            stakeMaximum: room.stakeMaximum,
          },
          placements: placements.map((p) => p.placement),
        },
        stakes,
      );
      for (const { index, view } of placements) {
        if (placed.has(view.id)) answers[index] = { statusCode: 201, body: view };
      }
    } catch (error) {
      // The statement rolled itself back: a claim without its debit (a lost race), or a transient
      // conflict. Each placement is then decided on its own.
      const { message, code } = error as { message?: unknown; code?: unknown };
      if (message !== PLACEMENT_ABORTED && !RETRY_ONE_BY_ONE.has(String(code))) throw error;
    }
    return answers;
  }

  private async roundMeta(roundId: string): Promise<RoundMeta | undefined> {
    const cached = this.#rounds.get(roundId);
    if (cached) return cached;
    const meta = await this.deps.repository.roundMeta(this.deps.db, roundId);
    if (!meta) return undefined;
    if (this.#rounds.size >= ROUND_CACHE_SIZE) this.#rounds.clear();
    this.#rounds.set(roundId, meta);
    return meta;
  }

  private async room(roomId: string): Promise<Room | undefined> {
    const cached = this.#rooms.get(roomId);
    if (cached && performance.now() - cached.readAt < ROOM_CACHE_MS) return cached.room;
    const room = await this.deps.rooms.find(this.deps.db, roomId);
    if (room) this.#rooms.set(roomId, { room, readAt: performance.now() });
    return room;
  }

  /** The careful path: one transaction that decides every case (refusals, replays, races). */
  private placeCarefully(
    operation: IdempotentOperation,
    roundId: string,
    input: PlacePositionRequest,
  ): Promise<Replayable<PositionView>> {
    return this.deps.money.run(async ({ trx, claim }) => {
      const context = await this.deps.repository.placementContext(trx, roundId, operation.userId);
      // The clock is read once the round row is locked: a position is accepted only before seals_at.
      const now = this.deps.clock.now();
      const refusal = context
        ? (refusalFor(context, input.amount, now) ??
          (await this.deps.play.breakRefusal(trx, operation.userId, now)))
        : new AppError('NOT_FOUND');
      if (refusal || !context) {
        const replay = await claim<PositionView>(operation);
        if (replay) return replay;
        throw refusal ?? new AppError('NOT_FOUND');
      }

      const id = newId(now.getTime());
      const multiplier = multiplierHundredths(input.bet, context.houseEdgeBps);
      const view: PositionView = {
        id,
        roundId,
        roomId: context.roomId,
        tier: context.tier,
        issue: context.issue,
        bet: input.bet,
        amount: input.amount,
        multiplier,
        status: 'open',
        payout: null,
        createdAt: toUnixSeconds(now),
        settledAt: null,
      };
      const replay = await claim(operation, { statusCode: 201, body: view });
      if (replay) return replay;
      // The debit first: the positions trigger decides "first position of this user in the round" once
      // this transaction holds the user's cash account (migration 0008).
      await this.deps.ledger.transferFromUserAccount(trx, {
        fromAccountId: context.accountId,
        to: 'stakes_escrow',
        amount: input.amount,
        code: 'stake',
        reference: { type: 'position', id, leg: 'stake' },
        at: now,
      });
      await this.deps.repository.insert(
        trx,
        newPosition(id, roundId, context.roomId, operation.userId, context.accountId, input, multiplier, now),
      );
      // Once the stake is counted in the player's figures (under their lock): over a limit, it all rolls back.
      await this.deps.play.admitStake(trx, operation.userId, roundId, now);
      return { statusCode: 201, body: view };
    });
  }

  /** The user's own positions in one round (a round's detail shows them). */
  async mineInRound(userId: string, roundId: string): Promise<PositionView[]> {
    return (await this.deps.repository.forUserInRound(this.deps.db, userId, roundId)).map(toPositionView);
  }

  async list(userId: string, query: PageQuery): Promise<Page<PositionView>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.listForUser(this.deps.db, userId, cursor, limit),
      toPositionView,
    );
  }

  /** Settled profit and loss per round (refunds count as payout), newest settlement first. */
  async revenue(userId: string, query: PageQuery): Promise<Page<RevenueItem>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.revenueForUser(this.deps.db, userId, cursor, limit),
      (row) => {
        const { staked, payout } = row;
        return {
          roundId: row.id,
          issue: row.issue,
          roomId: row.room_id,
          tier: row.tier,
          staked,
          payout,
          profit: payout - staked,
          settledAt: toUnixSeconds(row.created_at),
        };
      },
    );
  }
}

function newPosition(
  id: string,
  roundId: string,
  roomId: string,
  userId: string,
  accountId: string,
  input: PlacePositionRequest,
  multiplier: number,
  at: Date,
): NewPosition {
  return {
    id,
    roundId,
    roomId,
    userId,
    accountId,
    ...betColumns(input),
    amount: input.amount,
    multiplier,
    at,
  };
}

function betColumns(input: PlacePositionRequest): Pick<NewPosition, 'betCategory' | 'betType' | 'betNumber'> {
  return {
    betCategory: input.bet.category,
    betType: input.bet.category === 'both_sides' ? input.bet.type : null,
    betNumber: input.bet.category === 'special_number' ? input.bet.number : null,
  };
}

/** Why this position cannot be taken now, in the order a user can act on: null when it can. */
function refusalFor(context: PlacementContext, amount: number, now: Date): AppError | null {
  if (context.status !== 'open' || now.getTime() >= context.sealsAt.getTime()) {
    return new AppError('ROUND_NOT_OPEN');
  }
  if (context.paused) return new AppError('ROOM_PAUSED');
  if (context.balance < context.entryMinimum) {
    return new AppError('ENTRY_MINIMUM_NOT_MET', {
      params: { amount: formatMoney(context.entryMinimum - context.balance) },
    });
  }
  const range = checkAmountRange(amount, context.stakeMinimum, context.stakeMaximum);
  if (!range.ok) {
    return new AppError(range.reason === 'below_minimum' ? 'STAKE_BELOW_MINIMUM' : 'STAKE_ABOVE_MAXIMUM', {
      params: { amount: formatMoney(range.limit) },
    });
  }
  return null;
}
