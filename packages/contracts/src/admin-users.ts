/**
 * Operator console: two-factor enrolment, the audit log, the dashboard, users, rooms, rounds and
 * chains, and the ledger's trial balance and transfer search. The deposit and withdrawal queues are in
 * admin-funding.ts; notifications in notifications.ts. Amounts in integer cents, times in unix seconds.
 */
import { ROOM_TIERS } from '@tradehall/domain';
import { z } from 'zod';
import { OPERATOR_ROLES } from './admin.ts';
import { adminDepositSchema, adminWithdrawalSchema } from './admin-funding.ts';
import { idField, multilineTextField, textField, unixSeconds, validText } from './fields.ts';
import { bankCardSchema, idempotencyKeyField, pageOf, walletSchema } from './funding.ts';
import { positionSchema, roundStatusSchema } from './trading.ts';

/** Typed in a text area by the operator, so it may run over several lines. */
const reason = multilineTextField(500, 'validation.reasonRequired');
const cursorQuery = {
  cursor: textField(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
};
/** A ledger transfer's id: its bigserial, as decimal digits (as GET /transactions sends it). */
export const transferIdField = z.string().regex(/^\d+$/);
/** A 6-digit TOTP code. */
export const totpCodeField = z.string().regex(/^\d{6}$/, { message: 'validation.totpCodeFormat' });

// ---- operator access ------------------------------------------------------------------------------

/** GET /admin/me */
export const operatorProfileSchema = z.object({
  id: idField,
  account: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpEnabled: z.boolean(),
  /** Seconds of inactivity after which the console session ends. */
  idleTimeoutSeconds: z.number().int(),
});
export type OperatorProfile = z.infer<typeof operatorProfileSchema>;

/** POST /admin/auth/totp/enrol: a fresh secret (not active until confirmed). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
/** POST /admin/auth/totp/confirm */
export const totpConfirmRequestSchema = z.strictObject({ code: totpCodeField });
/**
 * POST /admin/auth/totp/enrol: once two-factor is on, replacing the secret needs a current code of the
 * active one (TOTP_REQUIRED without), so a stolen session cannot swap the second factor for its own.
 */
export const totpEnrolRequestSchema = z.strictObject({ totpCode: totpCodeField.optional() });

/** GET/POST /admin/operators (admin role) */
export const operatorListSchema = z.object({
  items: z.array(
    z.object({
      id: idField,
      account: z.string(),
      role: z.enum(OPERATOR_ROLES),
      totpEnabled: z.boolean(),
      createdAt: unixSeconds,
    }),
  ),
});
export const createOperatorRequestSchema = z.strictObject({
  account: validText(z.string().trim().min(3).max(64)),
  password: validText(z.string().min(8).max(64)),
  role: z.enum(OPERATOR_ROLES),
});
/**
 * POST /admin/operators/:id/totp/reset (admin role): turns another operator's two-factor off (they enrol
 * again after their next login) — why, and a current code of the acting admin's own authenticator.
 */
export const resetOperatorTotpRequestSchema = z.strictObject({
  reason,
  totpCode: totpCodeField.optional(),
});

// ---- audit log ------------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: idField,
  operatorId: idField,
  operatorAccount: z.string(),
  /** Dotted verb, e.g. `deposit.approve`, `user.freeze`, `room.update`. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: unixSeconds,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export const auditQuerySchema = z.strictObject({
  operatorId: idField.optional(),
  action: textField(64).optional(),
  targetType: textField(32).optional(),
  targetId: textField(64).optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  ...cursorQuery,
});

// ---- dashboard ------------------------------------------------------------------------------------

export const dashboardSchema = z.object({
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /** Sum of stakes placed today (UTC). */
  todayVolume: z.number().int(),
  /** Distinct users with a session active or a position placed today. */
  activeUsers: z.number().int(),
  /** House profit and loss today: stakes lost minus winnings paid (net of stakes), in cents. */
  houseProfitToday: z.number().int(),
  ledgerOk: z.boolean(),
  checkedAt: unixSeconds,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- users ----------------------------------------------------------------------------------------

export const adminUserSchema = z.object({
  id: idField,
  account: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
  creditScore: z.number().int(),
  frozen: z.boolean(),
  balance: z.number().int(),
  createdAt: unixSeconds,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);
export const adminUserQuerySchema = z.strictObject({
  /** Matches account, id, nickname or email (case-insensitive, substring). */
  q: textField(64, { trim: true }).optional(),
  ...cursorQuery,
});

export const adminLedgerEntrySchema = z.object({
  transferId: transferIdField,
  code: z.string(),
  reference: z.string(),
  /** Signed from the viewed account's side: positive in, negative out. */
  amount: z.number().int(),
  createdAt: unixSeconds,
});
export const adminSessionSchema = z.object({
  id: idField,
  createdAt: unixSeconds,
  lastSeenAt: unixSeconds.nullable(),
  expiresAt: unixSeconds,
  userAgent: z.string().nullable(),
});
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  withdrawable: z.number().int(),
  /** Newest first, the last 50 of each. */
  ledger: z.array(adminLedgerEntrySchema),
  positions: z.array(positionSchema),
  deposits: z.array(adminDepositSchema),
  withdrawals: z.array(adminWithdrawalSchema),
  bankCards: z.array(bankCardSchema),
  wallets: z.array(walletSchema),
  sessions: z.array(adminSessionSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const reasonRequestSchema = z.strictObject({ reason });
export const creditScoreRequestSchema = z.strictObject({
  score: z.number().int().min(0).max(1000),
  reason,
});
/** A balance adjustment: a double-entry transfer between the house and the user, never a bare update. */
export const balanceAdjustmentRequestSchema = z.strictObject({
  /** Signed cents: positive credits the user, negative debits. Never zero. */
  amount: z
    .number()
    .int({ message: 'validation.amountCents' })
    .refine((value) => value !== 0, { message: 'validation.amountNonZero' })
    .refine((value) => Math.abs(value) <= 100_000_000_00, { message: 'validation.amountTooLarge' }),
  reason,
  idempotencyKey: idempotencyKeyField,
});
export const balanceAdjustmentResponseSchema = z.object({
  transferId: transferIdField,
  balance: z.number().int(),
});

// ---- rooms, rounds, chains ------------------------------------------------------------------------

export const adminRoomSchema = z.object({
  id: idField,
  tier: z.enum(ROOM_TIERS),
  entryMinimum: z.number().int(),
  stakeMinimum: z.number().int(),
  stakeMaximum: z.number().int(),
  roundSeconds: z.number().int(),
  sealedSeconds: z.number().int(),
  houseEdgeBps: z.number().int(),
  paused: z.boolean(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;
export const adminRoomListSchema = z.object({ items: z.array(adminRoomSchema) });
/** PATCH /admin/rooms/:id: takes effect from the next round. */
export const updateRoomRequestSchema = z.strictObject({
  entryMinimum: z.number().int().min(0).optional(),
  stakeMinimum: z.number().int().min(1).optional(),
  stakeMaximum: z.number().int().min(1).optional(),
  roundSeconds: z.number().int().min(20).max(3600).optional(),
  sealedSeconds: z.number().int().min(3).max(600).optional(),
  houseEdgeBps: z.number().int().min(0).max(2000).optional(),
  reason,
});

export const adminRoundSchema = z.object({
  id: idField,
  issue: z.string(),
  status: roundStatusSchema,
  opensAt: unixSeconds,
  sealsAt: unixSeconds,
  drawsAt: unixSeconds,
  settledAt: unixSeconds.nullable(),
  chainId: idField,
  chainIndex: z.number().int(),
  commitment: z.string(),
  /** Revealed at drawing; null before: the console cannot preview a result either. */
  hash: z.string().nullable(),
  digits: z.array(z.number().int()).nullable(),
  sum: z.number().int().nullable(),
  positions: z.number().int(),
  users: z.number().int(),
  staked: z.number().int(),
  paid: z.number().int(),
});
export const adminRoundPageSchema = pageOf(adminRoundSchema);

export const chainSchema = z.object({
  id: idField,
  roomId: idField,
  salt: z.string(),
  terminalHash: z.string(),
  length: z.number().int(),
  used: z.number().int(),
  publishedAt: unixSeconds,
  /** Whether new rounds draw from this chain now. */
  active: z.boolean(),
});
export type ChainView = z.infer<typeof chainSchema>;
export const chainListSchema = z.object({ items: z.array(chainSchema) });

// ---- ledger ---------------------------------------------------------------------------------------

export const trialBalanceSchema = z.object({
  rows: z.array(
    z.object({
      kind: z.string(),
      accounts: z.number().int(),
      debits: z.number().int(),
      credits: z.number().int(),
      /** credits - debits */
      balance: z.number().int(),
    }),
  ),
  /** Must be 0. */
  total: z.number().int(),
  checkedAt: unixSeconds,
});
export const transferSearchQuerySchema = z.strictObject({
  userId: idField.optional(),
  account: textField(64).optional(),
  code: textField(64).optional(),
  reference: textField(200).optional(),
  ...cursorQuery,
});
export const adminTransferSchema = z.object({
  id: transferIdField,
  code: z.string(),
  reference: z.string(),
  debitAccount: z.string(),
  creditAccount: z.string(),
  amount: z.number().int(),
  createdAt: unixSeconds,
});
export const adminTransferPageSchema = pageOf(adminTransferSchema);
