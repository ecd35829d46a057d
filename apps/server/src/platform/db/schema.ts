/**
 * Kysely's view of the tables (migrations/ is the truth; keep the two in step). Times are timestamptz,
 * read as Date; repositories turn them into unix seconds at their edge.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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

export type LoginScope = 'user' | 'operator';

export interface LoginThrottlesTable {
  scope: LoginScope;
  account_key: string;
  failure_count: number;
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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  captchas: CaptchasTable;
  login_throttles: LoginThrottlesTable;
  password_reset_codes: PasswordResetCodesTable;
  password_reset_requests: PasswordResetRequestsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorSessionRow = Selectable<OperatorSessionsTable>;
