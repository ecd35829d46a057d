/** /me: a user's own account: profile, real name, login password, payment password. */
import {
  changePasswordRequestSchema,
  meResponseSchema,
  patchMeRequestSchema,
  paymentPasswordRequestSchema,
  setRealNameRequestSchema,
} from '../accounts.ts';
import { okResponseSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';

export const accountEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/me',
    access: 'user',
    tags: ['account'],
    summary: 'My account',
    status: 200,
    response: meResponseSchema,
    errors: [],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/me',
    access: 'user',
    tags: ['account'],
    summary: 'Change nickname or email (an empty email removes it)',
    body: patchMeRequestSchema,
    status: 200,
    response: meResponseSchema,
    errors: ['EMAIL_TAKEN'],
  }),
  setRealName: endpoint({
    method: 'PUT',
    path: '/me/real-name',
    access: 'user',
    tags: ['account'],
    summary: 'Set my real name, once (bank cards must be in this name)',
    body: setRealNameRequestSchema,
    status: 200,
    response: meResponseSchema,
    errors: ['REAL_NAME_ALREADY_SET'],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/me/password',
    access: 'user',
    tags: ['account'],
    summary: 'Change the login password; signs out every other session',
    body: changePasswordRequestSchema,
    status: 200,
    response: okResponseSchema,
    // The old password is checked on the login lockout counter of the account.
    errors: ['PASSWORDS_DO_NOT_MATCH', 'WRONG_PASSWORD', 'LOGIN_LOCKED'],
  }),
  setPaymentPassword: endpoint({
    method: 'POST',
    path: '/me/payment-password',
    access: 'user',
    tags: ['account'],
    summary: 'Set the 6-digit payment password (changing it needs the login password)',
    body: paymentPasswordRequestSchema,
    status: 200,
    response: okResponseSchema,
    // Changing one checks the login password on both the payment-password and the login counters.
    errors: ['PASSWORDS_DO_NOT_MATCH', 'WRONG_PASSWORD', 'PAYMENT_PASSWORD_LOCKED', 'LOGIN_LOCKED'],
  }),
} as const;
