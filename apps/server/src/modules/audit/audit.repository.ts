/** The only SQL of the operator audit log: append an entry (inside the action's own transaction), search. */
import type { Executor } from '../../platform/db/executor.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

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

export interface AuditFilter {
  operatorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface AuditRow {
  id: string;
  operator_id: string;
  operator_account: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
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

  /** Newest first, `limit` + 1 rows; `from` inclusive, `to` exclusive. */
  list(
    executor: Executor,
    filter: AuditFilter,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<AuditRow[]> {
    let query = executor
      .selectFrom('operator_audit_log as l')
      .innerJoin('operators as o', 'o.id', 'l.operator_id')
      .select([
        'l.id',
        'l.operator_id',
        'o.username as operator_account',
        'l.action',
        'l.target_type',
        'l.target_id',
        'l.reason',
        'l.before',
        'l.after',
        'l.created_at',
      ]);
    if (filter.operatorId) query = query.where('l.operator_id', '=', filter.operatorId);
    if (filter.action) query = query.where('l.action', '=', filter.action);
    if (filter.targetType) query = query.where('l.target_type', '=', filter.targetType);
    if (filter.targetId) query = query.where('l.target_id', '=', filter.targetId);
    if (filter.from) query = query.where('l.created_at', '>=', filter.from);
    if (filter.to) query = query.where('l.created_at', '<', filter.to);
    return paginate(query, cursor, limit, ['l.created_at', 'l.id']).execute();
  }
}
