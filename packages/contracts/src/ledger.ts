/**
 * The ledger as users and operators read it: a user's transactions (every transfer touching the balance,
 * signed from the user's side, with what it was for), the operators' audit, trial balance and transfer
 * search. Amounts are integer cents.
 */
import { BOTH_SIDES_BETS, LEDGER_CODES, ROOM_TIERS } from '@tradehall/domain';
import { z } from 'zod';
import { idField, pageOf, pageQueryFields, textField, unixSeconds } from './common.ts';
import { depositMethodSchema } from './deposits.ts';

export const ledgerCodeSchema = z.enum(LEDGER_CODES);

/** What a transaction line was for: the position (with its round and room), deposit or withdrawal. */
export const transactionPurposeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('position'),
    positionId: idField,
    roundId: idField,
    issue: z.string(),
    tier: z.enum(ROOM_TIERS),
    betCategory: z.enum(['both_sides', 'special_number']),
    betType: z.enum(BOTH_SIDES_BETS).nullable(),
    betNumber: z.number().int().nullable(),
    /** The position's stake: a payout line beyond it is winnings. */
    stake: z.number().int(),
  }),
  z.object({ type: z.literal('deposit'), reference: z.string(), method: depositMethodSchema }),
  z.object({ type: z.literal('withdrawal'), reference: z.string(), destinationLabel: z.string() }),
  z.object({
    type: z.literal('referral'),
    day: z.string(),
    level: z.union([z.literal(1), z.literal(2)]),
    invitees: z.number().int(),
  }),
  z.object({ type: z.literal('other') }),
]);
export type TransactionPurpose = z.infer<typeof transactionPurposeSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  code: ledgerCodeSchema,
  /**
   * Signed from the user's point of view: positive into the balance, negative out of it. A won
   * position's payout is ONE line: its stake returned and its winnings together.
   */
  amount: z.number().int(),
  /** The balance right after this line (null only where the ledger could not tell). */
  balanceAfter: z.number().int().nullable(),
  purpose: transactionPurposeSchema,
  refType: z.string(),
  refId: z.string(),
  createdAt: unixSeconds,
});
export type TransactionView = z.infer<typeof transactionSchema>;
export const transactionPageSchema = pageOf(transactionSchema);

export const ledgerAuditResponseSchema = z.object({
  ok: z.boolean(),
  /** Sum of every account's balance (materialised for users, derived for system accounts): must be 0. */
  totalOfBalances: z.number().int(),
  accountsChecked: z.number().int(),
  transfersChecked: z.number().int(),
  /** Accounts whose materialised balance differs from the sum of their transfers. */
  mismatches: z.array(
    z.object({
      accountId: z.string(),
      kind: z.string(),
      materialised: z.number().int(),
      fromTransfers: z.number().int(),
    }),
  ),
  /** User accounts below zero (must be none). */
  negativeUserBalances: z.number().int(),
  checkedAt: z.number().int(),
});
export type LedgerAuditResponse = z.infer<typeof ledgerAuditResponseSchema>;

/** A ledger transfer's id: its bigserial, as decimal digits (as GET /transactions sends it). */
export const transferIdField = z.string().regex(/^\d+$/);

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
  ...pageQueryFields,
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
