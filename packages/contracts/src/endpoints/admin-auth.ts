/** The console's way in (login, logout, who is signed in, two-factor enrolment) and the operator accounts. */
import { z } from 'zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  createOperatorRequestSchema,
  operatorListSchema,
  operatorProfileSchema,
  resetOperatorTotpRequestSchema,
  totpConfirmRequestSchema,
  totpEnrolmentSchema,
  totpEnrolRequestSchema,
} from '../admin-auth.ts';
import { idField, okResponseSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';

/** One row of the operator list: what creating an operator or resetting one's two-factor answers. */
const operatorItemSchema = operatorListSchema.shape.items.element;

export const adminAuthEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/admin/auth/login',
    access: 'public',
    tags: ['admin'],
    summary: 'Operator login (captcha from GET /auth/captcha; totpCode once two-factor is on)',
    body: adminLoginRequestSchema,
    status: 200,
    response: adminLoginResponseSchema,
    errors: [
      'INVALID_CAPTCHA',
      'INVALID_CREDENTIALS',
      'LOGIN_LOCKED',
      'ACCOUNT_FROZEN',
      'TOTP_REQUIRED',
      'TOTP_INVALID',
    ],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/admin/auth/logout',
    access: 'operator',
    tags: ['admin'],
    summary: 'Revoke the current operator session',
    status: 200,
    response: okResponseSchema,
    errors: [],
  }),
  me: endpoint({
    method: 'GET',
    path: '/admin/me',
    access: 'operator',
    tags: ['admin'],
    summary: 'The signed-in operator, whether two-factor is on, and the console idle timeout',
    status: 200,
    response: operatorProfileSchema,
    errors: [],
  }),
  enrolTotp: endpoint({
    method: 'POST',
    path: '/admin/auth/totp/enrol',
    access: 'operator',
    tags: ['admin'],
    summary:
      'Start two-factor enrolment: a new secret and its otpauth:// URL (inactive until confirmed); ' +
      'once two-factor is on, only with totpCode, a current code of the active secret',
    // A first enrolment has nothing to send, and older clients send no body at all (which Fastify
    // validates as null).
    body: totpEnrolRequestSchema.nullish(),
    status: 200,
    response: totpEnrolmentSchema,
    // The current code is checked on the operator's login lockout counter.
    errors: ['LOGIN_LOCKED'],
  }),
  confirmTotp: endpoint({
    method: 'POST',
    path: '/admin/auth/totp/confirm',
    access: 'operator',
    tags: ['admin'],
    summary: 'Confirm enrolment with a code from the app: from now on login needs a code',
    body: totpConfirmRequestSchema,
    status: 200,
    response: operatorProfileSchema,
    errors: [],
  }),
} as const;

export const operatorEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/operators',
    access: 'operator',
    tags: ['admin'],
    summary: 'Operator accounts, oldest first',
    status: 200,
    response: operatorListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/operators',
    access: 'operator',
    role: 'admin',
    tags: ['admin'],
    summary: 'Create an operator account (admin role)',
    body: createOperatorRequestSchema,
    status: 201,
    response: operatorItemSchema,
    errors: ['ACCOUNT_TAKEN'],
  }),
  resetTotp: endpoint({
    method: 'POST',
    path: '/admin/operators/:id/totp/reset',
    access: 'operator',
    role: 'admin',
    secondFactor: 'step-up',
    tags: ['admin'],
    summary:
      "Turn another operator's two-factor off and end their sessions (admin role, with totpCode: " +
      "a current code of the admin's own authenticator); they enrol again after their next login",
    params: z.strictObject({ id: idField }),
    body: resetOperatorTotpRequestSchema,
    status: 200,
    response: operatorItemSchema,
    // The admin's own code is checked on their login lockout counter.
    errors: ['LOGIN_LOCKED'],
  }),
} as const;
