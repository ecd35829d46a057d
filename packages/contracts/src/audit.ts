/** The operators' audit log: who did what to which record, why, and the record before and after. */
import { z } from 'zod';
import { idField, pageOf, pageQueryFields, textField, unixSeconds } from './common.ts';

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
  ...pageQueryFields,
});
