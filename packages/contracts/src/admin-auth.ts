/**
 * Operators signing in to the console, their two-factor enrolment, and the operator accounts an admin
 * manages.
 */
import { z } from 'zod';
import {
  captchaAnswerField,
  currentPasswordField,
  idField,
  operatorReasonField,
  textField,
  unixSeconds,
  validText,
} from './common.ts';

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

/** A 6-digit TOTP code. */
export const totpCodeField = z.string().regex(/^\d{6}$/, { message: 'validation.totpCodeFormat' });

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
  reason: operatorReasonField,
  totpCode: totpCodeField.optional(),
});
