/**
 * The operator audit log: every operator action records who, what, when, before and after. Callers pass
 * their transaction so the entry commits (or rolls back) with the action it describes.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { newId } from '../../platform/ids.ts';
import type { AuditRepository } from './audit.repository.ts';

export interface AuditAction {
  operatorId: string;
  /** Dotted verb: `deposit.approve`, `user.freeze`, `room.update`, `notification.send`... */
  action: string;
  targetType: string;
  targetId: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export class AuditService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async record(action: AuditAction, executor: Kysely<DB> | Transaction<DB> = this.db): Promise<void> {
    const at = this.clock.now();
    await this.repository.append(executor, {
      id: newId(at.getTime()),
      operatorId: action.operatorId,
      action: action.action,
      targetType: action.targetType,
      targetId: action.targetId,
      reason: action.reason ?? null,
      before: action.before ?? null,
      after: action.after ?? null,
      at,
    });
  }
}
