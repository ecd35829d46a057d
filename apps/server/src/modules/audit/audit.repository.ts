/** The only SQL of the operator audit log: append an entry (inside the action's own transaction). */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export interface NewAuditEntry {
  id: string;
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

export class AuditRepository {
  async append(executor: Executor, entry: NewAuditEntry): Promise<void> {
    await executor
      .insertInto('operator_audit_log')
      .values({
        id: entry.id,
        operator_id: entry.operatorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        reason: entry.reason,
        before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
        after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
        created_at: entry.at,
      })
      .execute();
  }
}
