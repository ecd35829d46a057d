/** The operator console tables, created by migration 0005-console. */
import type { ColumnType, Generated } from 'kysely';

/** Every operator action: who, what, when, before and after (append-only, like the ledger). */
export interface OperatorAuditLogTable {
  id: string;
  operator_id: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  before: ColumnType<unknown, string | null, never> | null;
  after: ColumnType<unknown, string | null, never> | null;
  created_at: ColumnType<Date, Date, never>;
  seq: Generated<number>;
}

export interface ConsoleTables {
  operator_audit_log: OperatorAuditLogTable;
}
