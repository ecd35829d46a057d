import { z } from 'zod';
import { captchaAnswerField, currentPasswordField, idField, textField, unixSeconds } from './fields.ts';

export const OPERATOR_ROLES = ['operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const adminLoginRequestSchema = z.strictObject({
  account: textField(64).refine((value) => value.trim() !== '', { message: 'validation.accountRequired' }),
  password: currentPasswordField,
  captchaId: textField(64),
  captchaAnswer: captchaAnswerField,
  /** Required once the operator has enrolled two-factor (TOTP_REQUIRED otherwise). */
  totpCode: z
    .string()
    .regex(/^\d{6}$/, { message: 'validation.totpCodeFormat' })
    .optional(),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const operatorSchema = z.object({ id: idField, account: z.string(), role: z.enum(OPERATOR_ROLES) });
export type OperatorView = z.infer<typeof operatorSchema>;

export const adminLoginResponseSchema = z.object({
  token: z.string(),
  expiresAt: unixSeconds,
  operator: operatorSchema,
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
