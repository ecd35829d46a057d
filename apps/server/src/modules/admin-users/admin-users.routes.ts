/** /admin/users: search, detail, freeze/unfreeze, credit score, forced password reset, balance adjustments. */
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserSchema,
  balanceAdjustmentRequestSchema,
  balanceAdjustmentResponseSchema,
  creditScoreRequestSchema,
  idField,
  reasonRequestSchema,
} from '@tradehall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type OperatorGuard, requireOperator } from '../../platform/guards/operator-guard.ts';
import { errorResponses } from '../../platform/http.ts';

import type { AdminUsersService } from './admin-users.service.ts';
import type { BalanceAdjustmentsService } from './balance-adjustments.service.ts';

const idParams = z.strictObject({ id: idField });

export function adminUsersRoutes(deps: {
  users: AdminUsersService;
  adjustments: BalanceAdjustmentsService;
  operatorGuard: OperatorGuard;
  adminGuard: OperatorGuard;
}): FastifyPluginAsyncZod {
  const { users, adjustments, operatorGuard, adminGuard } = deps;
  const tags = ['admin'];
  const security = [{ operatorBearer: [] }];
  return async (app) => {
    app.get(
      '/admin/users',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Users, newest first; q matches the id, or account, nickname or email in part',
          querystring: adminUserQuerySchema,
          response: { 200: adminUserPageSchema, ...errorResponses },
        },
      },
      async (request) => users.search(request.query),
    );

    app.get(
      '/admin/users/:id',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary:
            'One user: balance, withdrawable, latest ledger entries, positions, deposits, withdrawals, cards, wallets, sessions',
          params: idParams,
          response: { 200: adminUserDetailSchema, ...errorResponses },
        },
      },
      async (request) => users.detail(request.params.id),
    );

    const reasonAction = (
      path: string,
      summary: string,
      act: (operatorId: string, userId: string, reason: string) => ReturnType<AdminUsersService['freeze']>,
    ) =>
      app.post(
        path,
        {
          onRequest: operatorGuard,
          schema: {
            tags,
            security,
            summary,
            params: idParams,
            body: reasonRequestSchema,
            response: { 200: adminUserSchema, ...errorResponses },
          },
        },
        async (request) => act(requireOperator(request).operator.id, request.params.id, request.body.reason),
      );

    reasonAction(
      '/admin/users/:id/freeze',
      'Freeze: the user can neither log in nor move money; their sessions end now',
      (operatorId, userId, reason) => users.freeze(operatorId, userId, reason),
    );
    reasonAction('/admin/users/:id/unfreeze', 'Unfreeze the user', (operatorId, userId, reason) =>
      users.unfreeze(operatorId, userId, reason),
    );
    reasonAction(
      '/admin/users/:id/password-reset',
      'Force a password reset: sessions end, login is refused until the user resets by email code',
      (operatorId, userId, reason) => users.forcePasswordReset(operatorId, userId, reason),
    );

    app.post(
      '/admin/users/:id/credit-score',
      {
        onRequest: operatorGuard,
        schema: {
          tags,
          security,
          summary: 'Set the credit score, with a reason',
          params: idParams,
          body: creditScoreRequestSchema,
          response: { 200: adminUserSchema, ...errorResponses },
        },
      },
      async (request) =>
        users.setCreditScore(requireOperator(request).operator.id, request.params.id, request.body),
    );

    app.post(
      '/admin/users/:id/balance-adjustments',
      {
        onRequest: adminGuard,
        schema: {
          tags,
          security,
          summary:
            'Adjust the balance (admin role): a transfer between the house and the user, never below zero',
          params: idParams,
          body: balanceAdjustmentRequestSchema,
          response: { 200: balanceAdjustmentResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        adjustments.adjust(requireOperator(request).operator.id, request.params.id, request.body),
    );
  };
}
