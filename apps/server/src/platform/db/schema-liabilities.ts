/** The proof of liabilities, created by migration 0014-liabilities. Append-only (a trigger refuses changes). */
import type { ColumnType } from 'kysely';

type Int8 = ColumnType<number, number, never>;
type Fixed<T> = ColumnType<T, T, never>;

export interface LiabilitiesSnapshotsTable {
  id: Fixed<string>;
  sequence: Int8;
  taken_at: Fixed<Date>;
  /** The instant exactly as signed (ISO 8601, ms), so a round trip through timestamptz changes nothing. */
  taken_at_text: Fixed<string>;
  root: Fixed<string>;
  total: Int8;
  user_count: Fixed<number>;
  previous_root: Fixed<string>;
  public_key: Fixed<string>;
  signature: Fixed<string>;
  trigger: Fixed<'schedule' | 'operator'>;
  operator_id: Fixed<string | null>;
  duration_ms: Fixed<number>;
  created_at: ColumnType<Date, Date, never>;
}

export interface LiabilitiesLeavesTable {
  snapshot_id: Fixed<string>;
  user_id: Fixed<string>;
  /** The leaf's place in the tree (leaves ordered by salt). */
  position: Fixed<number>;
  salt: Fixed<string>;
  amount: Int8;
}

export interface LiabilitiesLevelsTable {
  snapshot_id: Fixed<string>;
  /** 0 = the leaves, up to the root. */
  level: Fixed<number>;
  /** The level's nodes packed: 32 bytes of hash then 8 of sum (u64, big-endian) each. */
  nodes: Fixed<Uint8Array>;
}

export interface LiabilitiesReservesTable {
  id: Fixed<string>;
  amount: Int8;
  scope: Fixed<'crypto_signed_message' | 'bank_attestation' | 'operator_statement'>;
  evidence: Fixed<string>;
  operator_id: Fixed<string>;
  stated_at: Fixed<Date>;
}

export interface LiabilitiesTables {
  liabilities_snapshots: LiabilitiesSnapshotsTable;
  liabilities_leaves: LiabilitiesLeavesTable;
  liabilities_levels: LiabilitiesLevelsTable;
  liabilities_reserves: LiabilitiesReservesTable;
}
