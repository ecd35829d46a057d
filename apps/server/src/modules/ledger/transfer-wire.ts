/**
 * Ledger transfer ids on the wire. A transfer's id is its bigserial (decimal digits, as GET /transactions
 * already sends it), but the console contracts (admin-console.ts) declare `transferId`/`id` with the
 * uuid idField. Until the contracts say so, the server's response schemas use these: the same shapes with
 * the transfer id as a string of digits. (Reported to the contracts' owner.)
 */
import {
  adminLedgerEntrySchema,
  adminTransferSchema,
  adminUserDetailSchema,
  balanceAdjustmentResponseSchema,
  pageOf,
} from '@tradehall/contracts';
import { z } from 'zod';

export const transferIdField = z.string().regex(/^\d+$/);

export const adminTransferWireSchema = adminTransferSchema.extend({ id: transferIdField });
export const adminTransferPageWireSchema = pageOf(adminTransferWireSchema);
export const balanceAdjustmentResponseWireSchema = balanceAdjustmentResponseSchema.extend({
  transferId: transferIdField,
});
export const adminUserDetailWireSchema = adminUserDetailSchema.extend({
  ledger: z.array(adminLedgerEntrySchema.extend({ transferId: transferIdField })),
});
