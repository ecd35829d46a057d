/**
 * Ledger transfer ids as the server sends them: a transfer's id is its bigserial, a string of digits,
 * while admin-console.ts declares it with the uuid idField. Until the contracts say so, the console
 * parses these shapes: the contract's own schemas with only the transfer id relaxed to a string of digits.
 * (Reported to the contracts' owner; drop this file once the contract is corrected.)
 */
import {
  adminLedgerEntrySchema,
  adminTransferSchema,
  adminUserDetailSchema,
  balanceAdjustmentResponseSchema,
  pageOf,
} from '@tradehall/contracts';
import { z } from 'zod';

const transferIdField = z.string().regex(/^\d+$/);

export const adminTransferPageWireSchema = pageOf(adminTransferSchema.extend({ id: transferIdField }));
export const balanceAdjustmentResponseWireSchema = balanceAdjustmentResponseSchema.extend({
  transferId: transferIdField,
});
export const adminUserDetailWireSchema = adminUserDetailSchema.extend({
  ledger: z.array(adminLedgerEntrySchema.extend({ transferId: transferIdField })),
});
