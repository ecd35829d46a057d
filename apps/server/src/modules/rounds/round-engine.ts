/**
 * The round engine: one tick advances every room by the server's clock. For each room, oldest first,
 * every unfinished round gets its due transitions in order (open -> sealed at seals_at, sealed ->
 * drawing at draws_at with the chain hash revealed and the digits drawn, drawing -> settled at
 * settles_at with settlement); then, when the room's latest round has been drawn, the next round opens.
 * After downtime the first tick therefore catches up every overdue round in order, and the fresh rounds
 * start from now.
 *
 * Every step is a conditional update, so a tick that runs twice (or on two nodes) changes nothing the
 * second time. The next round is only created after the previous one has been drawn: its commitment is
 * the previous chain hash, which must already be public.
 *
 * A round whose settlement (or void refunds) fails is never stalled in silence (decision 0042): the
 * failure is logged with the round and its cause, counted for the metrics, and retried with backoff
 * (settlement-retries.ts) while the room's other rounds go on; until it settles, the round counts as
 * behind schedule.
 */
import type { RoundEventName } from '@tradehall/contracts';
import { digitSum, drawDigits, drawDigitsV2, issueNumber, roundTimes } from '@tradehall/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { newId } from '../../platform/ids.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BeaconClient } from '../beacon/beacon-client.ts';
import type { FairnessChainsService } from '../fairness/fairness-chains.service.ts';
import type { Room, RoomsRepository } from './rooms.repository.ts';
import type { RoundEventsPublisher } from './round-events.ts';
import { dueSteps, nextOpening, type PlannedStep } from './round-plan.ts';
import type { RoundState, RoundsRepository } from './rounds.repository.ts';
import type { SettlementService } from './settlement.service.ts';
import { SettlementRetries } from './settlement-retries.ts';

/** The topic event each applied step publishes. */
const STEP_EVENTS = {
  seal: 'round.sealed',
  draw: 'round.drawing',
  settle: 'round.settled',
} as const satisfies Record<PlannedStep['event'], RoundEventName>;

/** How long one tick waits for a beacon fetch in flight before moving on (the fetch goes on). */
const BEACON_WAIT_MS = 1_000;

/**
 * What sealing needs of the positions (the position-proofs module answers): the root over every accepted
 * position, computed inside the sealing transaction.
 */
export interface PositionRoots {
  commit(
    trx: Transaction<DB>,
    roundId: string,
  ): Promise<{ root: string; leafCount: number; version: number }>;
}

/** A round counts as behind schedule once one of its transitions has been due this long. */
export const BEHIND_SCHEDULE_MS = 5_000;

/**
 * Told what the engine did, for the metrics: each applied step's time, each tick's late rounds, and each
 * failed attempt to settle or void a round.
 */
export interface RoundEngineObserver {
  stepApplied(event: PlannedStep['event'], seconds: number): void;
  ticked(roundsBehindSchedule: number): void;
  settlementFailed(): void;
}

export interface RoundEngineDeps {
  db: Kysely<DB>;
  rooms: RoomsRepository;
  rounds: RoundsRepository;
  chains: FairnessChainsService;
  settlement: SettlementService;
  clock: Clock;
  logger: Logger;
  publisher: RoundEventsPublisher;
  positionRoots: PositionRoots;
  /** Fairness v2's beacon (null: scheme v1), and how long a round may wait for it in `drawing`. */
  beacon?: BeaconClient | null;
  beaconTimeoutSeconds?: number;
}

export class RoundEngine {
  /** Rounds the current tick moved to drawing without their beacon value. */
  readonly #waiting = new Set<string>();
  readonly #retries = new SettlementRetries();
  #observer: RoundEngineObserver | null = null;

  constructor(private readonly deps: RoundEngineDeps) {}

  /** The composition root hands the metrics in once they exist. */
  observe(observer: RoundEngineObserver): void {
    this.#observer = observer;
  }

  /** One pass over every room. A failing room is logged and retried next tick; the others go on. */
  async tick(): Promise<void> {
    const rooms = await this.deps.rooms.list(this.deps.db);
    const unfinished = await this.deps.rounds.unfinished(this.deps.db);
    const latest = await this.deps.rounds.latestPerRoom(this.deps.db);
    this.#retries.keepOnly(new Set(unfinished.map((round) => round.id)));
    if (this.#observer) {
      const late = new Date(this.deps.clock.now().getTime() - BEHIND_SCHEDULE_MS);
      this.#observer.ticked(unfinished.filter((round) => dueSteps(round, late).length > 0).length);
    }
    for (const room of rooms) {
      try {
        await this.advanceRoom(
          room,
          unfinished.filter((round) => round.roomId === room.id),
          latest.get(room.id),
        );
      } catch (error) {
        this.deps.logger.error(
          { err: error, roomId: room.id, tier: room.tier },
          'round engine failed on a room',
        );
      }
    }
  }

  private async advanceRoom(
    room: Room,
    unfinished: RoundState[],
    latest: RoundState | undefined,
  ): Promise<void> {
    let latestStatus = latest?.status;
    for (const round of unfinished) {
      // Its settlement failed: left alone until its retry is due, the room's later rounds go on.
      if (!this.#retries.due(round.id, this.deps.clock.now())) continue;
      if (round.status === 'drawing' && !round.drawn && round.beaconRound !== null) {
        // Fairness v2: the round waits in drawing for its verified beacon value; settled from next tick.
        const outcome = await this.awaitBeacon(round);
        if (outcome === 'void' && round.id === latest?.id) latestStatus = 'void';
        continue;
      }
      for (const step of dueSteps(round, this.deps.clock.now())) {
        const started = performance.now();
        const applied = await this.apply(round, step).catch((error: unknown) => {
          if (step.event !== 'settle') throw error;
          this.settlementFailed(round, 'settle', error);
          return 'failed' as const;
        });
        if (applied === 'failed') break;
        // Not applied: someone else moved the round meanwhile; re-plan from fresh state next tick.
        if (!applied) return;
        this.#observer?.stepApplied(step.event, (performance.now() - started) / 1000);
        await this.deps.publisher.roundChanged(round.id, STEP_EVENTS[step.event]);
        if (round.id === latest?.id) latestStatus = step.to;
        // Drawing without its beacon yet: nothing more for this round until the value arrives.
        if (step.event === 'draw' && this.#waiting.delete(round.id)) break;
      }
    }
    const now = this.deps.clock.now();
    const opensAt = nextOpening(
      room,
      latest && latestStatus && { status: latestStatus, drawsAt: latest.drawsAt },
      now,
    );
    if (opensAt !== null) await this.open(room, latest, opensAt);
  }

  private async apply(round: RoundState, step: PlannedStep): Promise<boolean> {
    const now = this.deps.clock.now();
    switch (step.event) {
      case 'seal':
        return this.seal(round, step.to, now);
      case 'draw': {
        if (round.beaconRound !== null) return this.drawWithBeacon(round, step.to, now);
        // The only place a round's hash is read from its chain: at drawing, never before.
        const { hash, salt } = await this.deps.chains.reveal(this.deps.db, round.chainId, round.chainIndex);
        const digits = drawDigits(hash, salt, round.issue);
        const sum = digitSum(digits);
        const drawn = await this.deps.rounds.draw(this.deps.db, round.id, step.to, now, {
          hash,
          digits,
          sum,
        });
        if (drawn)
          this.deps.logger.info({ roomId: round.roomId, issue: round.issue, digits, sum }, 'round drawn');
        return drawn;
      }
      case 'settle': {
        const started = performance.now();
        const outcome = await this.deps.settlement.settle(round.id);
        if (outcome) {
          this.deps.logger.info(
            {
              roomId: round.roomId,
              issue: round.issue,
              positions: outcome.positions,
              staked: outcome.staked,
              paid: outcome.paid,
              transfers: outcome.transfers,
              ms: Math.round(performance.now() - started),
            },
            'round settled',
          );
        }
        this.#retries.done(round.id);
        return outcome !== null;
      }
    }
  }

  /**
   * open -> sealed and the positions committed, in ONE transaction: the UPDATE waits for every placement
   * holding the round row, so the positions read next are exactly the accepted ones, and the root is
   * stored (and published with round.sealed) before the beacon value that decides the result exists.
   */
  private async seal(round: RoundState, to: RoundState['status'], now: Date): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.deps.rounds.seal(trx, round.id, to, now))) return false;
      const commitment = await this.deps.positionRoots.commit(trx, round.id);
      await this.deps.rounds.setPositionsRoot(trx, round.id, commitment);
      return true;
    });
  }

  /**
   * Fairness v2 at draws_at: the digits need the chain hash and the verified beacon round planned from
   * the seal. Waits briefly for it; if it is not there yet the round enters drawing without digits (its
   * chain hash revealed, as the next round's commitment needs) and awaitBeacon finishes it later.
   */
  private async drawWithBeacon(round: RoundState, to: RoundState['status'], now: Date): Promise<boolean> {
    const { hash, salt } = await this.deps.chains.reveal(this.deps.db, round.chainId, round.chainIndex);
    const value = await this.beaconValue(round);
    if (!value) {
      const started = await this.deps.rounds.startDrawing(this.deps.db, round.id, to, now, hash);
      if (started) this.#waiting.add(round.id);
      return started;
    }
    return this.recordBeaconDraw(round, to, now, hash, salt, value);
  }

  /** A v2 round drawing without digits: draw once the beacon is verified, or void it at the deadline. */
  private async awaitBeacon(round: RoundState): Promise<'drawn' | 'waiting' | 'void'> {
    const now = this.deps.clock.now();
    const value = await this.beaconValue(round);
    if (value) {
      const { hash, salt } = await this.deps.chains.reveal(this.deps.db, round.chainId, round.chainIndex);
      const drawn = await this.recordBeaconDraw(round, 'drawing', now, hash, salt, value);
      if (drawn) await this.deps.publisher.roundChanged(round.id, 'round.drawing');
      return drawn ? 'drawn' : 'waiting';
    }
    const due = Math.max(
      round.drawsAt.getTime() / 1000,
      this.deps.beacon?.roundTime(round.beaconRound ?? 0) ?? 0,
    );
    if (now.getTime() / 1000 < due + (this.deps.beaconTimeoutSeconds ?? 60)) return 'waiting';
    // No verified value in time: no fallback the server could pick, the round is voided and refunded.
    let voided: Awaited<ReturnType<SettlementService['void']>>;
    try {
      voided = await this.deps.settlement.void(round.id, 'beacon_timeout');
    } catch (error) {
      this.settlementFailed(round, 'void', error);
      return 'waiting';
    }
    this.#retries.done(round.id);
    if (!voided) return 'waiting';
    this.deps.logger.warn(
      {
        roomId: round.roomId,
        issue: round.issue,
        beaconRound: round.beaconRound,
        refunded: voided.positions,
      },
      'round voided: no verified beacon value in time',
    );
    await this.deps.publisher.roundChanged(round.id, 'round.void');
    return 'void';
  }

  /** Logged with the round and the cause, counted, and put off until its retry is due. */
  private settlementFailed(round: RoundState, action: 'settle' | 'void', error: unknown): void {
    const { failures, retryInMs } = this.#retries.failed(round.id, this.deps.clock.now());
    this.#observer?.settlementFailed();
    this.deps.logger.error(
      {
        err: error,
        roundId: round.id,
        roomId: round.roomId,
        issue: round.issue,
        action,
        failures,
        retryInMs,
      },
      'round settlement failed; retrying',
    );
  }

  private async beaconValue(round: RoundState) {
    const beacon = this.deps.beacon ?? null;
    if (!beacon || round.beaconRound === null || round.beaconChainHash === null) return null;
    return beacon.get(round.beaconRound, round.beaconChainHash, BEACON_WAIT_MS);
  }

  private async recordBeaconDraw(
    round: RoundState,
    to: RoundState['status'],
    now: Date,
    hash: string,
    salt: string,
    value: { round: number; signature: string; randomness: string },
  ): Promise<boolean> {
    const digits = drawDigitsV2(hash, salt, round.issue, value);
    const sum = digitSum(digits);
    const drawn = await this.deps.rounds.drawWithBeacon(this.deps.db, round.id, to, now, {
      hash,
      digits,
      sum,
      beaconSignature: value.signature,
      beaconRandomness: value.randomness,
    });
    if (drawn) {
      this.deps.logger.info(
        { roomId: round.roomId, issue: round.issue, digits, sum, beaconRound: value.round },
        'round drawn',
      );
    }
    return drawn;
  }

  /** Opens the room's next round at `opensAt`, taking the next index of the room's fairness chain. */
  private async open(room: Room, latest: RoundState | undefined, opensAt: number): Promise<void> {
    const times = roundTimes(opensAt, room);
    const day = issueNumber(opensAt, 1).slice(0, 8);
    const sequence = latest?.issue.startsWith(day) ? latest.sequence + 1 : 1;
    const issue = issueNumber(opensAt, sequence);
    const at = this.deps.clock.now();
    const created = await this.deps.db.transaction().execute(async (trx) => {
      // An operator's new house edge starts with this round: the previous one (drawn already) kept its own.
      await this.deps.rooms.applyPendingEdge(trx, room.id);
      const slot = await this.deps.chains.assign(trx, room.id, at);
      return this.deps.rounds.insert(trx, {
        id: newId(at.getTime()),
        roomId: room.id,
        chainId: slot.chainId,
        chainIndex: slot.index,
        issue,
        sequence,
        opensAt: new Date(times.opensAt * 1000),
        sealsAt: new Date(times.sealsAt * 1000),
        drawsAt: new Date(times.drawsAt * 1000),
        settlesAt: new Date(times.settlesAt * 1000),
        commitment: slot.commitment,
        at,
        beacon: (this.deps.beacon ?? null)?.plan(times.sealsAt) ?? null,
      });
    });
    this.deps.logger.debug({ roomId: room.id, issue: created.issue }, 'round opened');
    await this.deps.publisher.roundChanged(created.id, 'round.opened');
  }
}
