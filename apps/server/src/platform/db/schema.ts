/**
 * Kysely's view of the tables (migrations/ is the truth; keep the two in step). Times are timestamptz,
 * read as Date; repositories turn them into unix seconds at their edge.
 */

import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ConsoleTables } from './schema-console.ts';
import type { LiabilitiesTables } from './schema-liabilities.ts';
import type { PlayLimitsTables } from './schema-play-limits.ts';
import type { RealtimeTables } from './schema-realtime.ts';
import type { ReferralTables } from './schema-referrals.ts';
import type { SupportTables } from './schema-support.ts';
import type { TrendTables } from './schema-trends.ts';

type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type UserStatus = 'active' | 'frozen';
export type OperatorRoleColumn = 'operator' | 'admin';

export interface UsersTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  payment_password_hash: string | null;
  nickname: string;
  real_name: string | null;
  email: string | null;
  invitation_code: string;
  inviter_id: string | null;
  credit_score: Generated<number>;
  status: Generated<UserStatus>;
  /** Set by an operator's forced reset (migration 0005): login refuses until a reset by email. */
  password_reset_required: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
  ip: string | null;
}

export interface OperatorsTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  role: OperatorRoleColumn;
  status: Generated<UserStatus>;
  /** Confirmed TOTP secret (base32), null until two-factor is enrolled (migration 0005). */
  totp_secret: Generated<string | null>;
  /** Secret shown at enrolment, waiting for its first valid code. */
  totp_pending_secret: Generated<string | null>;
  /** The TOTP time step of the last code accepted: a code is never accepted twice (migration 0005). */
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  id: Generated<string>;
  operator_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
  ip: string | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** `payment_password` counts wrong payment passwords per user id (the withdrawal lock). */
export type LoginScope = 'user' | 'operator' | 'payment_password';

export interface LoginThrottlesTable {
  scope: LoginScope;
  account_key: string;
  failure_count: number;
  /** Attempts reserved and not yet settled (their passwords are being checked). */
  in_flight: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface PasswordResetCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface PasswordResetRequestsTable {
  account_key: string;
  requested_at: Timestamp;
}

/**
 * A bigint column: both drivers decode int8 to a number once, refusing a value beyond 2^53 (db/int8.ts).
 * A sum is numeric in PostgreSQL: the SQL casts it to int8 (`sum(amount)::int8`) so it is decoded the same.
 */
type Int8 = ColumnType<number, number | undefined, number>;

export type LedgerAccountKind =
  | 'user_cash'
  | 'house'
  | 'deposits_clearing'
  | 'withdrawals_clearing'
  | 'external'
  | 'stakes_escrow';

export interface LedgerAccountsTable {
  id: Generated<string>;
  kind: LedgerAccountKind;
  user_id: string | null;
  balance: Int8;
  /** Materialised (migration 0008): deposits credited and stakes debited, changed with the balance. */
  total_deposited: Int8;
  total_staked: Int8;
  created_at: CreatedAt;
}

export interface LedgerTransfersTable {
  id: ColumnType<string | number, never, never>;
  debit_account_id: string;
  credit_account_id: string;
  amount: Int8;
  code: string;
  ref_type: string;
  ref_id: string;
  idempotency_key: string;
  created_at: CreatedAt;
  /** The user cash debit side's balance right after this transfer; null for a system side. */
  debit_balance_after: ColumnType<number | null, number | null | undefined, never>;
  /** The user cash credit side's balance right after this transfer; null for a system side. */
  credit_balance_after: ColumnType<number | null, number | null | undefined, never>;
}

export type DepositMethodColumn = 'offline' | 'crypto' | 'card';
export type DepositStatusColumn = 'pending' | 'approved' | 'rejected';
export type WithdrawalStatusColumn = 'pending' | 'paid' | 'rejected';
export type WalletTypeColumn = 'USDT-TRC20' | 'USDT-ERC20';
export type DestinationTypeColumn = 'bank_card' | 'wallet';

export interface UploadsTable {
  id: Generated<string>;
  user_id: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  created_at: CreatedAt;
}

export interface DepositsTable {
  id: string;
  reference: string;
  user_id: string;
  method: DepositMethodColumn;
  amount: Int8;
  status: Generated<DepositStatusColumn>;
  depositor_name: string | null;
  network: WalletTypeColumn | null;
  tx_hash: string | null;
  receipt_upload_id: string | null;
  checkout_id: string | null;
  checkout_url: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
}

export interface BankCardsTable {
  id: Generated<string>;
  user_id: string;
  bank_name: string;
  account_number: string;
  payee: string;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface WalletsTable {
  id: Generated<string>;
  user_id: string;
  type: WalletTypeColumn;
  address: string;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface WithdrawalsTable {
  id: string;
  reference: string;
  user_id: string;
  amount: Int8;
  status: Generated<WithdrawalStatusColumn>;
  destination_type: DestinationTypeColumn;
  destination_id: string;
  destination_label: string;
  destination_detail: string;
  payment_reference: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  created_at: CreatedAt;
  decided_at: Timestamp | null;
}

export type CheckoutStatusColumn = 'open' | 'paid' | 'failed' | 'cancelled';

export interface PaymentCheckoutsTable {
  id: string;
  provider: string;
  merchant: string;
  order_reference: string;
  amount: Int8;
  currency: string;
  status: Generated<CheckoutStatusColumn>;
  return_url: string;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
  delivered_at: Timestamp | null;
}

export interface PaymentEventsTable {
  event_id: string;
  provider: string;
  type: string;
  checkout_id: string;
  amount: Int8;
  outcome: string;
  received_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  operation: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null, string>;
  created_at: CreatedAt;
}

export interface FundingSettingsTable {
  id: number;
  settings: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export type RoomTierColumn = 'normal' | 'vip' | 'advanced' | 'premier' | 'dia';
export type RoundStatusColumn = 'open' | 'sealed' | 'drawing' | 'settled' | 'void';
export type PositionStatusColumn = 'open' | 'won' | 'lost' | 'refunded';
export type BetCategoryColumn = 'both_sides' | 'special_number';

export interface RoomsTable {
  id: Generated<string>;
  tier: RoomTierColumn;
  position: number;
  entry_minimum: Int8;
  stake_minimum: Int8;
  stake_maximum: Int8;
  round_seconds: number;
  sealed_seconds: number;
  drawing_seconds: number;
  house_edge_bps: number;
  paused: Generated<boolean>;
  /** An operator's new house edge, applied when the room's next round opens (migration 0005). */
  pending_house_edge_bps: Generated<number | null>;
  created_at: CreatedAt;
}

/** `seed` is secret: only the round engine reads it (fairness-chains.repository.ts), nothing serialises it. */
export interface FairnessChainsTable {
  id: string;
  room_id: string;
  seed: string;
  salt: string;
  terminal_hash: string;
  length: number;
  next_index: Generated<number>;
  created_at: Timestamp;
}

export interface RoundsTable {
  id: string;
  room_id: string;
  chain_id: string;
  chain_index: number;
  issue: string;
  sequence: number;
  status: Generated<RoundStatusColumn>;
  opens_at: Timestamp;
  seals_at: Timestamp;
  draws_at: Timestamp;
  settles_at: Timestamp;
  settled_at: Timestamp | null;
  commitment: string;
  hash: string | null;
  digits: number[] | null;
  sum: number | null;
  stake_total: Int8;
  payout_total: Int8;
  position_count: Generated<number>;
  created_at: Timestamp;
  /** Fairness v2 (null under v1): the beacon network, the round planned from seals_at, and its value. */
  beacon_kind: 'drand' | 'local' | null;
  beacon_chain_hash: string | null;
  beacon_public_key: string | null;
  beacon_genesis: number | null;
  beacon_period: number | null;
  beacon_round: number | null;
  beacon_signature: string | null;
  beacon_randomness: string | null;
  void_reason: string | null;
  /** Set in the sealing transaction (migration 0013): the root over the round's positions. */
  positions_root: Generated<string | null>;
  positions_count: Generated<number | null>;
  positions_version: Generated<number | null>;
}

export interface PositionsTable {
  id: string;
  round_id: string;
  room_id: string;
  user_id: string;
  account_id: string;
  bet_category: BetCategoryColumn;
  bet_type: string | null;
  bet_number: number | null;
  amount: Int8;
  multiplier: number;
  status: Generated<PositionStatusColumn>;
  payout: Int8 | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  /** The owner's salt in the committed leaf (migration 0013), revealed only to the owner. */
  owner_salt: Generated<string>;
}

export interface DB
  extends RealtimeTables,
    ConsoleTables,
    SupportTables,
    PlayLimitsTables,
    LiabilitiesTables,
    ReferralTables,
    TrendTables {
  users: UsersTable;
  sessions: SessionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  captchas: CaptchasTable;
  login_throttles: LoginThrottlesTable;
  password_reset_codes: PasswordResetCodesTable;
  password_reset_requests: PasswordResetRequestsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  uploads: UploadsTable;
  deposits: DepositsTable;
  bank_cards: BankCardsTable;
  wallets: WalletsTable;
  withdrawals: WithdrawalsTable;
  payment_checkouts: PaymentCheckoutsTable;
  payment_events: PaymentEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  funding_settings: FundingSettingsTable;
  rooms: RoomsTable;
  fairness_chains: FairnessChainsTable;
  rounds: RoundsTable;
  positions: PositionsTable;
  round_figures: RoundFiguresTable;
  daily_figures: DailyFiguresTable;
}

/** Kept by the positions insert trigger (migration 0008): never written by the application. */
export interface RoundFiguresTable {
  round_id: string;
  user_count: number;
  position_count: number;
  stake_total: Int8;
}

/** Per UTC day (a 'YYYY-MM-DD' date): stakes placed and distinct users trading; kept by the same trigger. */
export interface DailyFiguresTable {
  day: ColumnType<string, string, string>;
  volume: Int8;
  user_count: number;
}

export type UserRow = Selectable<UsersTable>;
/** The user columns My account shows (a full row has them all). */
export type MeUserRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'nickname'
  | 'real_name'
  | 'email'
  | 'credit_score'
  | 'invitation_code'
  | 'payment_password_hash'
  | 'created_at'
>;
export type NewUser = Insertable<UsersTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type LedgerTransferRow = Selectable<LedgerTransfersTable>;
export type DepositRow = Selectable<DepositsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type WalletRow = Selectable<WalletsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type PaymentCheckoutRow = Selectable<PaymentCheckoutsTable>;
export type RoomRow = Selectable<RoomsTable>;
