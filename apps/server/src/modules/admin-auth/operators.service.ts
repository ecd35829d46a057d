/**
 * The console's operator accounts: listed for every operator; created, and their two-factor reset, by an
 * admin (and audited).
 */
import type { createOperatorRequestSchema, operatorListSchema } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { accountKey } from '../../platform/account-key.ts';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { DB, OperatorRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type AdminAuthRepository, OPERATORS_USERNAME_KEY } from './admin-auth.repository.ts';

export type OperatorList = z.infer<typeof operatorListSchema>;
export type OperatorListItem = OperatorList['items'][number];
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;

export interface OperatorsServiceDeps {
  db: Kysely<DB>;
  repository: AdminAuthRepository;
  hasher: PasswordHasher;
  audit: AuditService;
  clock: Clock;
}

export class OperatorsService {
  constructor(private readonly deps: OperatorsServiceDeps) {}

  async list(): Promise<OperatorList> {
    return { items: (await this.deps.repository.listOperators(this.deps.db)).map(toOperatorListItem) };
  }

  /** A new operator account (no two-factor yet: they enrol it themselves after their first login). */
  async create(actorId: string, input: CreateOperatorRequest): Promise<OperatorListItem> {
    if (await this.deps.repository.findOperatorByAccountKey(this.deps.db, accountKey(input.account))) {
      throw new AppError('ACCOUNT_TAKEN');
    }
    const passwordHash = await this.deps.hasher.hash(input.password);
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const row = await this.deps.repository.insertOperator(trx, {
          username: input.account,
          passwordHash,
          role: input.role,
          at: this.deps.clock.now(),
        });
        const view = toOperatorListItem(row);
        await this.deps.audit.record(
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

  /**
   * Turns another operator's two-factor off (active and pending secret) and ends their sessions, for an
   * operator who lost their authenticator: they sign in with their password and enrol again. Never for
   * oneself — that would let a stolen session drop the second factor it is supposed to need; one's own
   * secret is replaced through enrolment with a current code. `stepUp` (the admin's own current code)
   * runs once the target is known to exist. Audited with the reason.
   */
  async resetTotp(
    actorId: string,
    targetId: string,
    reason: string,
    stepUp: () => Promise<void>,
  ): Promise<OperatorListItem> {
    if (actorId === targetId) throw new AppError('FORBIDDEN');
    if (!(await this.deps.repository.findOperator(this.deps.db, targetId))) throw new AppError('NOT_FOUND');
    await stepUp();
    return this.deps.db.transaction().execute(async (trx) => {
      // Locked so that the before/after in the log describe exactly this change.
      const before = await trx
        .selectFrom('operators')
        .selectAll()
        .where('id', '=', targetId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND');
      const now = this.deps.clock.now();
      const row = await trx
        .updateTable('operators')
        .set({ totp_secret: null, totp_pending_secret: null })
        .where('id', '=', targetId)
        .returningAll()
        .executeTakeFirstOrThrow();
      // Whoever holds one of their sessions now (possibly whoever took the authenticator) is out too.
      const revoked = await trx
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('operator_id', '=', targetId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await this.deps.audit.record(
        {
          operatorId: actorId,
          action: 'operator.totp_reset',
          targetType: 'operator',
          targetId,
          reason,
          before: { totpEnabled: before.totp_secret !== null },
          after: { totpEnabled: false, sessionsEnded: Number(revoked.numUpdatedRows) },
        },
        trx,
      );
      return toOperatorListItem(row);
    });
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
