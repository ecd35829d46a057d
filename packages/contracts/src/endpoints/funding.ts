/**
 * A user's money outside deposits: payout destinations (bank cards, wallets), withdrawals and the
 * operators' withdrawal queue, assets, funding methods and their settings, the ledger, image uploads.
 */
import { z } from 'zod';
import { adminTransferPageSchema, transferSearchQuerySchema, trialBalanceSchema } from '../admin-console.ts';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  fundingSettingsResponseSchema,
  fundingSettingsUpdateRequestSchema,
  ledgerAuditResponseSchema,
  markPaidRequestSchema,
  rejectRequestSchema,
} from '../admin-funding.ts';
import { okResponseSchema } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import {
  assetsResponseSchema,
  bankCardListSchema,
  bankCardSchema,
  createBankCardRequestSchema,
  createWalletRequestSchema,
  createWithdrawalRequestSchema,
  fundingMethodsResponseSchema,
  pageQuerySchema,
  transactionPageSchema,
  uploadResponseSchema,
  walletListSchema,
  walletSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../funding.ts';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '../limits.ts';

const idParams = z.strictObject({ id: z.uuid() });

export const bankCardEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/bank-cards',
    access: 'user',
    tags: ['funding'],
    summary: 'My bank cards (numbers masked)',
    status: 200,
    response: bankCardListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/bank-cards',
    access: 'user',
    tags: ['funding'],
    summary: 'Bind a bank card in my real name',
    body: createBankCardRequestSchema,
    status: 201,
    response: bankCardSchema,
    errors: ['REAL_NAME_REQUIRED', 'PAYEE_MISMATCH', 'CARD_DUPLICATE'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/bank-cards/:id',
    access: 'user',
    tags: ['funding'],
    summary: 'Remove one of my bank cards',
    params: idParams,
    status: 200,
    response: okResponseSchema,
    errors: [],
  }),
} as const;

export const walletEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/wallets',
    access: 'user',
    tags: ['funding'],
    summary: 'My wallets',
    status: 200,
    response: walletListSchema,
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/wallets',
    access: 'user',
    tags: ['funding'],
    summary: 'Add a USDT wallet (address checked for its network)',
    body: createWalletRequestSchema,
    status: 201,
    response: walletSchema,
    errors: ['WALLET_DUPLICATE'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/wallets/:id',
    access: 'user',
    tags: ['funding'],
    summary: 'Remove one of my wallets',
    params: idParams,
    status: 200,
    response: okResponseSchema,
    errors: [],
  }),
} as const;

export const withdrawalEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/withdrawals',
    access: 'user',
    tags: ['funding'],
    summary:
      'Withdraw to one of my cards or wallets with the payment password; the amount is held until ' +
      'an operator pays or rejects it. Idempotent by key',
    body: createWithdrawalRequestSchema,
    status: 201,
    response: withdrawalSchema,
    errors: [
      'ACCOUNT_FROZEN',
      'PAYMENT_PASSWORD_REQUIRED',
      'PAYMENT_PASSWORD_WRONG',
      'PAYMENT_PASSWORD_LOCKED',
      'WITHDRAWAL_BELOW_MINIMUM',
      'WITHDRAWAL_ABOVE_MAXIMUM',
      'WITHDRAWAL_DAILY_LIMIT',
      'EXCEEDS_WITHDRAWABLE',
      'INSUFFICIENT_FUNDS',
      'IDEMPOTENCY_CONFLICT',
    ],
  }),
  list: endpoint({
    method: 'GET',
    path: '/withdrawals',
    access: 'user',
    tags: ['funding'],
    summary: 'My withdrawals, newest first',
    query: pageQuerySchema,
    status: 200,
    response: withdrawalPageSchema,
    errors: [],
  }),
} as const;

export const adminWithdrawalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/withdrawals',
    access: 'operator',
    tags: ['admin'],
    summary: 'Withdrawals, newest first, optionally by status',
    query: adminWithdrawalQuerySchema,
    status: 200,
    response: adminWithdrawalPageSchema,
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/withdrawals/:id',
    access: 'operator',
    tags: ['admin'],
    summary: 'One withdrawal, with the full destination',
    params: idParams,
    status: 200,
    response: adminWithdrawalSchema,
    errors: [],
  }),
  pay: endpoint({
    method: 'POST',
    path: '/admin/withdrawals/:id/pay',
    access: 'operator',
    secondFactor: 'enrolled',
    tags: ['admin'],
    summary: 'Mark a pending withdrawal paid (the hold leaves the ledger); repeating it changes nothing',
    params: idParams,
    body: markPaidRequestSchema,
    status: 200,
    response: adminWithdrawalSchema,
    errors: ['NOT_PENDING'],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/withdrawals/:id/reject',
    access: 'operator',
    secondFactor: 'enrolled',
    tags: ['admin'],
    summary: 'Reject a pending withdrawal: the held amount returns to the user exactly once',
    params: idParams,
    body: rejectRequestSchema,
    status: 200,
    response: adminWithdrawalSchema,
    errors: ['NOT_PENDING'],
  }),
} as const;

export const assetEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me/assets',
    access: 'user',
    tags: ['account'],
    summary: 'My assets: balance, withdrawable, held by pending withdrawals, totals, pending counts',
    status: 200,
    response: assetsResponseSchema,
    errors: [],
  }),
} as const;

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

export const ledgerEndpoints = {
  transactions: endpoint({
    method: 'GET',
    path: '/transactions',
    access: 'user',
    tags: ['funding'],
    summary: 'Every ledger transfer touching my balance, newest first, signed (+ in, - out)',
    query: pageQuerySchema,
    status: 200,
    response: transactionPageSchema,
    errors: [],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/admin/ledger/audit',
    access: 'operator',
    tags: ['admin'],
    summary: 'Check the ledger invariant: balances match transfers, sum to zero, none negative',
    status: 200,
    response: ledgerAuditResponseSchema,
    errors: [],
  }),
  trialBalance: endpoint({
    method: 'GET',
    path: '/admin/ledger/trial-balance',
    access: 'operator',
    tags: ['admin'],
    summary: 'Debits, credits and balance per account kind; the balances total zero',
    status: 200,
    response: trialBalanceSchema,
    errors: [],
  }),
  transfers: endpoint({
    method: 'GET',
    path: '/admin/ledger/transfers',
    access: 'operator',
    tags: ['admin'],
    summary: 'Transfers by user, account (system kind or account id), code and reference, newest first',
    query: transferSearchQuerySchema,
    status: 200,
    response: adminTransferPageSchema,
    errors: [],
  }),
} as const;

/** Bytes of an image, sent as they are (never JSON); documented as a binary string. */
const imageBytesSchema = z.instanceof(Uint8Array).meta({ type: 'string', format: 'binary' });

export const uploadEndpoints = {
  /** Multipart (field `file`): the body is read by the route, not by a JSON schema. */
  upload: endpoint({
    method: 'POST',
    path: '/uploads',
    access: 'user',
    tags: ['app'],
    summary: 'Upload an image (multipart field `file`: JPEG, PNG or WebP, at most 5 MB)',
    multipart: { field: 'file', maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_IMAGE_TYPES },
    status: 201,
    response: uploadResponseSchema,
    errors: ['UPLOAD_INVALID'],
  }),
  /** The image's bytes, for its owner (user session) or any operator: fetched as a blob, not called. */
  image: endpoint({
    method: 'GET',
    path: '/uploads/:id',
    access: 'user-or-operator',
    tags: ['app'],
    summary: 'An uploaded image, for its owner or an operator',
    params: idParams,
    status: 200,
    response: imageBytesSchema,
    produces: UPLOAD_IMAGE_TYPES,
    errors: [],
  }),
} as const;
