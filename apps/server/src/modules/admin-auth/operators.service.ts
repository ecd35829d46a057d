/** The console's operator accounts: listed for every operator, created by an admin (and audited). */
import type { createOperatorRequestSchema, operatorListSchema } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { DB, OperatorRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { accountKey } from '../auth/account-key.ts';
import { type AdminAuthRepository, OPERATORS_USERNAME_KEY } from './admin-auth.repository.ts';

export type OperatorList = z.infer<typeof operatorListSchema>;
export type OperatorListItem = OperatorList['items'][number];
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;

export class OperatorsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly repository: AdminAuthRepository,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<OperatorList> {
    return { items: (await this.repository.listOperators()).map(toOperatorListItem) };
  }

  /** A new operator account (no two-factor yet: they enrol it themselves after their first login). */
  async create(actorId: string, input: CreateOperatorRequest): Promise<OperatorListItem> {
    if (await this.repository.findOperatorByAccountKey(accountKey(input.account))) {
      throw new AppError('ACCOUNT_TAKEN');
    }
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await this.repository.insertOperator(trx, {
          username: input.account,
          passwordHash,
          role: input.role,
          at: this.clock.now(),
        });
        const view = toOperatorListItem(row);
        await this.audit.record(
          {
            operatorId: actorId,
            action: 'operator.create',
            targetType: 'operator',
            targetId: row.id,
            before: null,
            after: { account: view.account, role: view.role },
          },
          trx,
        );
        return view;
      });
    } catch (error) {
      // Created by someone else between our check and the insert.
      if (isUniqueViolation(error, OPERATORS_USERNAME_KEY)) throw new AppError('ACCOUNT_TAKEN');
      throw error;
    }
  }
}

function toOperatorListItem(row: OperatorRow): OperatorListItem {
  return {
    id: row.id,
    account: row.username,
    role: row.role,
    totpEnabled: row.totp_secret !== null,
    createdAt: toUnixSeconds(row.created_at),
  };
}
