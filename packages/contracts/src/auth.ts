import { z } from 'zod';
import {
  accountField,
  captchaAnswerField,
  currentPasswordField,
  idField,
  invitationCodeField,
  loginPasswordField,
  newPasswordField,
  optionalEmailField,
  textField,
  unixSeconds,
  verificationCodeField,
} from './common.ts';
import { playBreakSchema } from './play-limits.ts';

export const captchaResponseSchema = z.object({
  captchaId: idField,
  /** An SVG document, ready for an <img src="data:image/svg+xml;..."> */
  svg: z.string(),
  expiresAt: unixSeconds,
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const registerRequestSchema = z.strictObject({
  account: accountField,
  password: loginPasswordField,
  confirmPassword: textField(64),
  invitationCode: invitationCodeField,
  email: optionalEmailField.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userInfoSchema = z.object({ id: idField, username: z.string() });
export type UserInfo = z.infer<typeof userInfoSchema>;

export const registerResponseSchema = z.object({ user: userInfoSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.strictObject({
  account: textField(64).refine((value) => value.trim() !== '', { message: 'validation.accountRequired' }),
  password: currentPasswordField,
  captchaId: textField(64),
  captchaAnswer: captchaAnswerField,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: unixSeconds,
  user: userInfoSchema,
  /**
   * The cool-off or self-exclusion running now, if any: the login page names its end. Only a login that
   * proved the password gets it, so it tells nothing about an account to someone who does not know it.
   */
  playBreak: playBreakSchema.nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const passwordResetCodeRequestSchema = z.strictObject({
  account: textField(64).refine((value) => value.trim() !== '', { message: 'validation.accountRequired' }),
});
/** Always the same answer whether or not the account exists or has an email. */
export const passwordResetCodeResponseSchema = z.object({ resendAfterSeconds: z.number().int() });
export type PasswordResetCodeResponse = z.infer<typeof passwordResetCodeResponseSchema>;

export const passwordResetRequestSchema = z.strictObject({
  account: textField(64),
  code: verificationCodeField,
  password: loginPasswordField,
  confirmPassword: textField(64),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const sessionSchema = z.object({
  id: idField,
  createdAt: unixSeconds,
  lastSeenAt: unixSeconds,
  expiresAt: unixSeconds,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionView = z.infer<typeof sessionSchema>;

export { newPasswordField };
