import { z } from 'zod';
import {
  currentPasswordField,
  idField,
  newPasswordField,
  nicknameField,
  optionalEmailField,
  paymentPasswordField,
  personNameField,
  textField,
  unixSeconds,
} from './common.ts';

/** GET /me: what My account shows. Money in integer cents. */
export const meResponseSchema = z.object({
  id: idField,
  account: z.string(),
  nickname: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  creditScore: z.number().int(),
  invitationCode: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  withdrawable: z.number().int(),
  unprocessedCount: z.number().int(),
  hasPaymentPassword: z.boolean(),
  createdAt: unixSeconds,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const patchMeRequestSchema = z
  .strictObject({ nickname: nicknameField.optional(), email: optionalEmailField.optional() })
  .refine((body) => body.nickname !== undefined || body.email !== undefined, {
    message: 'validation.nothingToChange',
  });
export type PatchMeRequest = z.infer<typeof patchMeRequestSchema>;

export const changePasswordRequestSchema = z.strictObject({
  oldPassword: currentPasswordField.or(z.literal('')).refine((v) => v !== '', {
    message: 'validation.oldPasswordRequired',
  }),
  newPassword: newPasswordField,
  confirmPassword: textField(64),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Setting the first payment password needs nothing more; changing one needs the login password. */
export const paymentPasswordRequestSchema = z.strictObject({
  loginPassword: textField(64).optional(),
  paymentPassword: paymentPasswordField,
  confirmPaymentPassword: textField(6),
});
export type PaymentPasswordRequest = z.infer<typeof paymentPasswordRequestSchema>;

/** The real name is set once (bank cards must be in the holder's name) and never changed by the user. */
export const setRealNameRequestSchema = z.strictObject({
  realName: personNameField('validation.realNameRequired'),
});
