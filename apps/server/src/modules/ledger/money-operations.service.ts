/**
 * A money operation, written once (docs/decisions/0025-money-operations.md). Every deposit, withdrawal,
 * balance adjustment and careful position placement runs through here:
 *   1. one transaction;
 *   2. for a client's request, the idempotency claim first (a retry, or a duplicate arriving
 *      concurrently, waits for the first to commit and answers its stored response, changing nothing);
 *   3. the work: its own rows, and the ledger transfers through `move`, which also gives the user's
 *      balance right after the transfer (read under the lock the transfer took);
 *   4. the audit entry, in the same transaction;
 *   5. after the commit, and only then, what the user's screens hear (`balance.changed`,
 *      `order.updated`): a listener never hears of something that was rolled back.
 * A refusal (an AppError) rolls everything back, claim included: nothing happened, so a retry is judged
 * again. Settlement and the batched placement are the set-based form of the same unit: one statement
 * posts many transfers (LedgerService.postBulk, batchStakes) under the round's or the batch's claim.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { publishUserMoneyChange, type UserMoneyChange } from '../../platform/user-events.ts';
import type { AuditAction, AuditService } from '../audit/audit.service.ts';
import type {
  IdempotencyService,
  IdempotentOperation,
  Replayable,
} from '../idempotency/idempotency.service.ts';
import type { LedgerService, TransferRequest } from './ledger.service.ts';

/** Who hears of a transfer once it has committed, and which of their orders it moved. */
export interface MoneyNotice {
  userId: string;
  order?: UserMoneyChange['order'];
}

/** What the work of a money operation can do, all inside its transaction. */
export interface MoneyStep {
  readonly trx: Transaction<DB>;
  /**
   * A ledger transfer. The notice's user hears their balance right after it (null when the transfer
   * does not touch their cash) and the order, after the commit.
   */
  move(
    request: TransferRequest,
    notice: MoneyNotice,
  ): Promise<{ transferId: string; balance: number | null }>;
  /** Tells the user something without moving money (a request filed, a request refused), after the commit. */
  announce(change: UserMoneyChange): void;
  audit(action: AuditAction): Promise<void>;
  /**
   * The client's idempotency claim, for work that must read before it can claim (the careful placement):
   * with `answer`, the claim is written complete (nothing to update later); without, the work is about to
   * be refused and only a first answer to replay matters. Undefined when claimed; the first answer when
   * the key was used already.
   */
  claim<T>(operation: IdempotentOperation, answer?: Replayable<T>): Promise<Replayable<T> | undefined>;
}

/** A client's request: its idempotency claim, the status a fresh answer has, what a replay tells. */
export interface ClientRequest<T> {
  operation: IdempotentOperation;
  statusCode: number;
  /** Published after a replay (the stored answer again): the same order status, which is harmless. */
  onReplay?: (body: T) => UserMoneyChange;
}

export interface MoneyOperationsDeps {
  db: Kysely<DB>;
  ledger: LedgerService;
  idempotency: IdempotencyService;
  audit: AuditService;
  events: DomainEvents;
}

export class MoneyOperationsService {
  constructor(private readonly deps: MoneyOperationsDeps) {}

  /** An operation without a client key (an operator's decision, a gateway's event): steps 1, 3-5. */
  async run<T>(work: (step: MoneyStep) => Promise<T>): Promise<T> {
    const notices: UserMoneyChange[] = [];
    const result = await this.deps.db.transaction().execute((trx) => work(this.step(trx, notices)));
    for (const change of notices) publishUserMoneyChange(this.deps.events, change);
    return result;
  }

  /** A client's request, answered the same on every retry: steps 1-5. */
  async runOnce<T>(request: ClientRequest<T>, work: (step: MoneyStep) => Promise<T>): Promise<Replayable<T>> {
    let replayed = false;
    const answer = await this.run(async (step) => {
      const replay = await this.deps.idempotency.claim<T>(step.trx, request.operation);
      if (replay) {
        replayed = true;
        return replay;
      }
      const body = await work(step);
      await this.deps.idempotency.complete(step.trx, request.operation, request.statusCode, body);
      return { statusCode: request.statusCode, body };
    });
    if (replayed && request.onReplay) publishUserMoneyChange(this.deps.events, request.onReplay(answer.body));
    return answer;
  }

  private step(trx: Transaction<DB>, notices: UserMoneyChange[]): MoneyStep {
    return {
      trx,
      move: async (request, notice) => {
        const transfer = await this.deps.ledger.transfer(trx, request);
        const touchesUser = [request.from, request.to].some(
          (side) => 'userId' in side && side.userId === notice.userId,
        );
        const balance = touchesUser ? transfer.userBalance : null;
        notices.push({ userId: notice.userId, balance, order: notice.order });
        return { transferId: transfer.id, balance };
      },
      announce: (change) => {
        notices.push(change);
      },
      audit: (action) => this.deps.audit.record(action, trx),
      claim: (operation, answer) => this.deps.idempotency.claim(trx, operation, answer),
    };
  }
}
