/** The funding settings: how to recharge (for users) and their configuration (for operators). */
import { endpoint } from '../endpoint.ts';
import {
  fundingMethodsResponseSchema,
  fundingSettingsResponseSchema,
  fundingSettingsUpdateRequestSchema,
} from '../funding-settings.ts';

export const fundingSettingsEndpoints = {
  methods: endpoint({
    method: 'GET',
    path: '/funding/methods',
    access: 'user',
    tags: ['funding'],
    summary: 'How to top up: receiving bank accounts, deposit addresses, card payment, limits',
    status: 200,
    response: fundingMethodsResponseSchema,
    errors: [],
  }),
  adminGet: endpoint({
    method: 'GET',
    path: '/admin/funding/methods',
    access: 'operator',
    tags: ['admin'],
    summary: 'The funding settings as configured',
    status: 200,
    response: fundingSettingsResponseSchema,
    errors: [],
  }),
  adminUpdate: endpoint({
    method: 'PUT',
    path: '/admin/funding/methods',
    access: 'operator',
    role: 'admin',
    secondFactor: 'step-up',
    tags: ['admin'],
    summary:
      'Replace the receiving bank accounts, deposit addresses and the card payment switch ' +
      "(admin role, with totpCode: a current code from the admin's authenticator app)",
    body: fundingSettingsUpdateRequestSchema,
    status: 200,
    response: fundingSettingsResponseSchema,
    // A wrong step-up code counts towards the operator's login lockout.
    errors: ['LOGIN_LOCKED'],
  }),
} as const;
