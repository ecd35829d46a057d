/**
 * The operator audit log: every operator action records who, what, when, before and after. Callers pass
 * their transaction so the entry commits (or rolls back) with the action it describes. The table refuses
 * UPDATE and DELETE: an entry, once written, stays as written.
 */
import type { AuditEntry, auditQuerySchema } from '@tradehall/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { newId } from '../../platform/ids.ts';
import { keysetPage, type Page, UUID_ID } from '../../platform/pagination.ts';
import type { AuditRepository, AuditRow } from './audit.repository.ts';

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

export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditServiceDeps {
  db: Kysely<DB>;
  repository: AuditRepository;
  clock: Clock;
}

export class AuditService {
  constructor(private readonly deps: AuditServiceDeps) {}

  async record(action: AuditAction, executor: Kysely<DB> | Transaction<DB> = this.deps.db): Promise<void> {
    const at = this.deps.clock.now();
    await this.deps.repository.append(executor, {
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

  /** The log, newest first, filtered by any of operator, action, target and a time range (unix seconds). */
  async list(query: AuditQuery): Promise<Page<AuditEntry>> {
    const filter = {
      operatorId: query.operatorId,
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      from: query.from === undefined ? undefined : new Date(query.from * 1000),
      to: query.to === undefined ? undefined : new Date(query.to * 1000),
    };
    return keysetPage(
      query,
      UUID_ID,
      (cursor, limit) => this.deps.repository.list(this.deps.db, filter, cursor, limit),
      toAuditEntry,
    );
  }
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    operatorId: row.operator_id,
    operatorAccount: row.operator_account,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    before: parseJson(row.before),
    after: parseJson(row.after),
    createdAt: toUnixSeconds(row.created_at),
  };
}

/** jsonb comes back parsed from node-postgres and PGlite alike; a string is tolerated all the same. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
