/**
 * The proof of liabilities (docs/trust/liabilities.md, decision 0029). A snapshot reads every user's claim
 * at one instant (one REPEATABLE READ transaction), builds the Merkle-sum tree in a worker thread
 * (requests keep being served while 100,000 leaves are hashed; decision 0038), signs the
 * statement (root, total, users, time, previous root) with the server's Ed25519 key and appends it, with
 * every leaf and the packed levels, in one transaction. A user's proof is cut from what was stored.
 */
import type {
  LiabilitiesOverview,
  LiabilitiesSnapshot,
  ReservesStatement,
  ReservesUpdateRequest,
} from '@tradehall/contracts';
import { LIABILITIES_PROOF_FORMAT, toHex, userClaim } from '@tradehall/domain';
import {
  type LiabilitiesProof,
  liabilitiesPublicKey,
  NO_PREVIOUS_ROOT,
  type SnapshotStatement,
  signStatement,
} from '@tradehall/domain/liabilities';
import type { Kysely } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { StepUp } from '../../platform/guards/step-up.ts';
import { newId } from '../../platform/ids.ts';
import type { Logger } from '../../platform/logger.ts';
import { keysetPage, type Page, type PageRequest, UUID_ID } from '../../platform/pagination.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LiabilitiesRepository, SnapshotRow } from './liabilities.repository.ts';
import { unpackNode } from './liabilities-storage.ts';
import { buildTreeOffThread } from './liabilities-worker-client.ts';

export interface LiabilitiesServiceDeps {
  db: Kysely<DB>;
  repository: LiabilitiesRepository;
  clock: Clock;
  audit: AuditService;
  logger: Logger;
  /** The Ed25519 secret key; null when none is configured (no snapshot is taken then). */
  signingKey: Uint8Array | null;
  /** Minutes between scheduled snapshots; 0 = only when an operator asks. */
  scheduleMinutes: number;
  /** Builds the tree from the claims: in a worker thread unless a test holds it at a chosen moment. */
  buildTree?: typeof buildTreeOffThread;
}

interface PendingSnapshot {
  trigger: 'schedule' | 'operator';
  operatorId: string | null;
  /** claimsRead is set once its claims are read: from then on a new request must not join it. */
  progress: { claimsRead: boolean };
  promise: Promise<LiabilitiesSnapshot>;
}

const noop = () => undefined;

/** Claims checked between two hand-backs to the event loop. */
const CHUNK = 5_000;

/**
 * Leaves written by one statement: each is a few hundred kilobytes of array literals, so no statement
 * holds the database (or the append's lock) for long, and the event loop runs between them.
 */
const LEAVES_PER_STATEMENT = 5_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LiabilitiesService {
  readonly publicKey: string | null;
  /** The snapshot running or waiting to run (the last asked for), if any. */
  #current: PendingSnapshot | null = null;

  constructor(private readonly deps: LiabilitiesServiceDeps) {
    this.publicKey = deps.signingKey ? liabilitiesPublicKey(deps.signingKey) : null;
  }

  /**
   * Takes a snapshot now. Snapshots run one at a time in this process. A request joins the last one asked
   * for only while that one has not read its claims yet (and was asked for by the same trigger and
   * operator): joining one whose claims were already read would answer "a snapshot now" with balances
   * from before the request (a credit made just before it missing, a user's proof failing against their
   * balance) and credit the operator with a scheduled snapshot. Otherwise it waits for it and takes its own.
   */
  take(trigger: 'schedule' | 'operator', operatorId: string | null = null): Promise<LiabilitiesSnapshot> {
    const last = this.#current;
    if (last && !last.progress.claimsRead && last.trigger === trigger && last.operatorId === operatorId) {
      return last.promise;
    }
    const before = last ? last.promise.then(noop, noop) : Promise.resolve();
    const progress = { claimsRead: false };
    const promise: Promise<LiabilitiesSnapshot> = before
      .then(() =>
        this.run(trigger, operatorId, () => {
          progress.claimsRead = true;
        }),
      )
      .finally(() => {
        if (this.#current?.promise === promise) this.#current = null;
      });
    this.#current = { trigger, operatorId, progress, promise };
    return promise;
  }

  /** Whether the schedule asks for a snapshot now: none yet, or the last one is an interval old. */
  async due(): Promise<boolean> {
    if (this.deps.scheduleMinutes === 0 || this.deps.signingKey === null) return false;
    const latest = await this.deps.repository.latest(this.deps.db);
    if (!latest) return true;
    return this.deps.clock.now().getTime() - latest.taken_at.getTime() >= this.deps.scheduleMinutes * 60_000;
  }

  async overview(): Promise<LiabilitiesOverview> {
    const latest = await this.deps.repository.latest(this.deps.db);
    const reserves = await this.deps.repository.latestReserves(this.deps.db);
    return {
      publicKey: this.publicKey,
      scheduleMinutes: this.deps.scheduleMinutes,
      latest: latest ? toSnapshot(latest) : null,
      reserves: reserves
        ? {
            amount: reserves.amount,
            scope: reserves.scope,
            evidence: reserves.evidence,
            statedAt: toUnixSeconds(reserves.stated_at),
          }
        : null,
    };
  }

  history(query: PageRequest): Promise<Page<LiabilitiesSnapshot>> {
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.list(this.deps.db, cursor, limit),
      toSnapshot,
    );
  }

  /** The user's proof of inclusion; NOT_FOUND when the snapshot does not exist or holds no leaf of theirs. */
  async proof(userId: string, snapshotId: string): Promise<LiabilitiesProof> {
    const snapshot = await this.deps.repository.find(this.deps.db, snapshotId);
    const leaf = snapshot ? await this.deps.repository.leaf(this.deps.db, snapshotId, userId) : undefined;
    if (!snapshot || !leaf) throw new AppError('NOT_FOUND');
    const siblings = await this.deps.repository.siblings(this.deps.db, snapshotId, leaf.position);
    const path: LiabilitiesProof['path'] = [];
    for (const { level, node } of siblings) {
      const sibling = unpackNode(node);
      if (sibling === null) continue;
      const mine = Math.floor(leaf.position / 2 ** level);
      path.push({ side: mine % 2 === 0 ? 'right' : 'left', hash: toHex(sibling.hash), sum: sibling.sum });
    }
    return {
      format: LIABILITIES_PROOF_FORMAT,
      publicKey: snapshot.public_key,
      snapshot: { ...statementOf(snapshot), signature: snapshot.signature },
      leaf: { userId: leaf.userId, salt: leaf.salt, amount: leaf.amount },
      path,
    };
  }

  async stateReserves(
    operatorId: string,
    input: Omit<ReservesUpdateRequest, 'totpCode'>,
    stepUp: StepUp,
  ): Promise<ReservesStatement> {
    await stepUp();
    const at = this.deps.clock.now();
    const row = {
      id: newId(at.getTime()),
      amount: input.amount,
      scope: input.scope,
      evidence: input.evidence,
      operator_id: operatorId,
      stated_at: at,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.repository.latestReserves(trx);
      await this.deps.repository.insertReserves(trx, row);
      await this.deps.audit.record(
        {
          operatorId,
          action: 'liabilities.reserves',
          targetType: 'liabilities_reserves',
          targetId: row.id,
          before: before ? { amount: before.amount, scope: before.scope, evidence: before.evidence } : null,
          after: { amount: input.amount, scope: input.scope, evidence: input.evidence },
        },
        trx,
      );
    });
    return { amount: row.amount, scope: row.scope, evidence: row.evidence, statedAt: toUnixSeconds(at) };
  }

  private async run(
    trigger: 'schedule' | 'operator',
    operatorId: string | null,
    onClaimsRead: () => void,
  ): Promise<LiabilitiesSnapshot> {
    const key = this.deps.signingKey;
    if (key === null || this.publicKey === null) throw new AppError('SERVICE_UNAVAILABLE');
    const started = performance.now();
    // One instant for every user: the claims are read in one REPEATABLE READ transaction.
    const { rows, takenAt } = await this.deps.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({
        takenAt: this.deps.clock.now(),
        rows: await this.deps.repository.claims(trx),
      }));
    onClaimsRead();
    const claims: Array<{ userId: string; amount: number }> = [];
    for (const [i, row] of rows.entries()) {
      const claim = userClaim({ cash: row.cash, heldForWithdrawals: row.held, openStakes: row.stakes });
      // The ledger's constraints keep every part non-negative; a claim that is not is a broken ledger.
      if (!claim.ok) throw new Error(`liabilities: the claim of user ${row.user_id} is not a valid amount`);
      claims.push({ userId: row.user_id, amount: claim.claim });
      if ((i + 1) % CHUNK === 0) await yieldToEventLoop();
    }
    // Salts, ordering, every hash and the packing happen in a worker thread (decision 0038).
    const tree = await (this.deps.buildTree ?? buildTreeOffThread)(claims, LEAVES_PER_STATEMENT);
    const row = await this.deps.db.transaction().execute(async (trx) => {
      // Snapshots are numbered and chained in the order they are appended, one at a time.
      await this.deps.repository.lockForAppend(trx);
      const previous = await this.deps.repository.latest(trx);
      const statement: SnapshotStatement = {
        sequence: (previous?.sequence ?? 0) + 1,
        takenAt: takenAt.toISOString(),
        root: tree.root,
        total: tree.total,
        userCount: tree.userCount,
        previousRoot: previous?.root ?? NO_PREVIOUS_ROOT,
      };
      const snapshot: SnapshotRow = {
        id: newId(takenAt.getTime()),
        sequence: statement.sequence,
        taken_at: takenAt,
        taken_at_text: statement.takenAt,
        root: statement.root,
        total: statement.total,
        user_count: statement.userCount,
        previous_root: statement.previousRoot,
        public_key: this.publicKey ?? '',
        signature: signStatement(statement, key),
        trigger,
        operator_id: operatorId,
        duration_ms: Math.round(performance.now() - started),
        created_at: this.deps.clock.now(),
      };
      await this.deps.repository.insertSnapshot(trx, snapshot, tree.leafBatches, tree.levels);
      if (operatorId !== null) {
        await this.deps.audit.record(
          {
            operatorId,
            action: 'liabilities.snapshot',
            targetType: 'liabilities_snapshot',
            targetId: snapshot.id,
            after: { sequence: snapshot.sequence, root: snapshot.root, total: snapshot.total },
          },
          trx,
        );
      }
      return snapshot;
    });
    this.deps.logger.info(
      { sequence: row.sequence, users: row.user_count, total: row.total, ms: row.duration_ms, trigger },
      'liabilities snapshot taken',
    );
    return toSnapshot(row);
  }
}

function statementOf(row: SnapshotRow): SnapshotStatement {
  return {
    sequence: row.sequence,
    takenAt: row.taken_at_text,
    root: row.root,
    total: row.total,
    userCount: row.user_count,
    previousRoot: row.previous_root,
  };
}

function toSnapshot(row: SnapshotRow): LiabilitiesSnapshot {
  return {
    id: row.id,
    ...statementOf(row),
    signature: row.signature,
    publicKey: row.public_key,
    trigger: row.trigger,
  };
}
