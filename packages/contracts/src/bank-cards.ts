/** Bank cards a user withdraws to: bound in the user's real name, shown with the number masked. */
import { checkAccountNumber } from '@tradehall/domain';
import { z } from 'zod';
import { idField, organisationNameField, personNameField, unixSeconds } from './common.ts';

export const createBankCardRequestSchema = z.strictObject({
  bankName: organisationNameField('validation.bankNameRequired'),
  accountNumber: z.string({ message: 'validation.accountNumberRequired' }).superRefine((value, ctx) => {
    const key = checkAccountNumber(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  }),
  payee: personNameField('validation.payeeRequired'),
});
export type CreateBankCardRequest = z.infer<typeof createBankCardRequestSchema>;

export const bankCardSchema = z.object({
  id: idField,
  bankName: z.string(),
  maskedNumber: z.string(),
  payee: z.string(),
  createdAt: unixSeconds,
});
export type BankCardView = z.infer<typeof bankCardSchema>;
export const bankCardListSchema = z.object({ items: z.array(bankCardSchema) });
