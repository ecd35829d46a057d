/**
 * Client requests are idempotent (DESIGN §5) — the server's one retry-safety pattern: each carries a key
 * the client generated, and the operation runs in ONE transaction that first claims (user, key) (money
 * operations through MoneyOperationsService.runOnce). A retry, or a duplicate arriving
 * concurrently, waits for the first to commit and then gets its stored response — same status, same
 * body — without doing anything. The same key with a different request is IDEMPOTENCY_CONFLICT.
 *
 * A refused operation (an AppError) rolls its transaction back, claim included: nothing happened, so a
 * retry is free to try again (and gets the same refusal if nothing changed meanwhile).
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyRepository, IdempotencyRow } from './idempotency.repository.ts';

export interface Replayable<T> {
  statusCode: number;
  body: T;
}

export interface IdempotentOperation {
  userId: string;
  key: string;
  /** What kind of operation ("deposit.create"): a key reused for another kind is a conflict too. */
  operation: string;
  /** The request as parsed, minus its key and any secret (a payment password). */
  request: unknown;
}

export interface IdempotencyServiceDeps {
  db: Kysely<DB>;
  repository: IdempotencyRepository;
  clock: Clock;
}

export class IdempotencyService {
  constructor(private readonly deps: IdempotencyServiceDeps) {}

  /**
   * The stored response of a completed operation, if any — a read outside any transaction, for
   * operations that must do something outside the database first (open a card checkout).
   */
  async lookup<T>(operation: IdempotentOperation): Promise<Replayable<T> | undefined> {
    const row = await this.deps.repository.find(this.deps.db, operation.userId, operation.key);
    return row ? replay<T>(row, operation) : undefined;
  }

  /**
   * Claims the key in the caller's transaction. Undefined when claimed: go on with the work, whose
   * failure rolls the claim back. The first answer when the key was used already (after waiting for a
   * concurrent first use to commit); IDEMPOTENCY_CONFLICT when it was used for another request. With
   * `answer` (known up front), the row is written complete; without it, complete() must follow — or a
   * refusal, which rolls the claim back.
   */
  async claim<T>(
    trx: Transaction<DB>,
    operation: IdempotentOperation,
    answer?: Replayable<T>,
  ): Promise<Replayable<T> | undefined> {
    const claimed = await this.deps.repository.claim(trx, {
      userId: operation.userId,
      key: operation.key,
      operation: operation.operation,
      requestHash: requestHash(operation),
      at: this.deps.clock.now(),
      ...(answer && { completed: { statusCode: answer.statusCode, response: answer.body } }),
    });
    if (claimed) return undefined;
    const row = await this.deps.repository.find(trx, operation.userId, operation.key);
    if (!row) throw new Error('idempotency key conflicted but its row cannot be read');
    return replay<T>(row, operation);
  }

  /** Stores the answer of a claimed operation, in its transaction: what every retry will get. */
  complete(
    trx: Transaction<DB>,
    operation: IdempotentOperation,
    statusCode: number,
    body: unknown,
  ): Promise<void> {
    return this.deps.repository.complete(trx, operation.userId, operation.key, statusCode, body);
  }
}

function replay<T>(row: IdempotencyRow, operation: IdempotentOperation): Replayable<T> {
  if (row.operation !== operation.operation || row.requestHash !== requestHash(operation)) {
    throw new AppError('IDEMPOTENCY_CONFLICT');
  }
  // A claim is completed in the transaction that made it, so a visible row always has its response.
  if (row.statusCode === null) throw new Error('idempotency row without a response');
  return { statusCode: row.statusCode, body: row.response as T };
}

/** sha256 of the operation and its request as canonical JSON (object keys sorted). */
export function requestHash(operation: IdempotentOperation): string {
  return createHash('sha256')
    .update(operation.operation)
    .update('\n')
    .update(canonicalJson(operation.request))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
