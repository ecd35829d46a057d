/** The users table: the only place with SQL about accounts. */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, NewUser, UserRow } from '../../platform/db/schema.ts';

/** Opens the new user's cash account in the same transaction: the ledger's code writes it. */
export type OpenCashAccount = (executor: Executor, userId: string) => Promise<void>;

export class AccountsRepository {
  constructor(private readonly openCashAccount: OpenCashAccount) {}

  /** By account name, ignoring case (`accountKey` is already lower-cased). */
  findByAccountKey(executor: Executor, accountKey: string): Promise<UserRow | undefined> {
    return executor
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', accountKey)
      .executeTakeFirst();
  }

  findById(executor: Executor, id: string): Promise<UserRow | undefined> {
    return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findIdByInvitationCode(executor: Executor, code: string): Promise<string | undefined> {
    const row = await executor
      .selectFrom('users')
      .select('id')
      .where('invitation_code', '=', code)
      .executeTakeFirst();
    return row?.id;
  }

  /** The account's status, read in the caller's transaction (money operations refuse a frozen account). */
  async status(executor: Executor, id: string): Promise<UserRow['status'] | undefined> {
    const row = await executor.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  async invitationCodeExists(executor: Executor, code: string): Promise<boolean> {
    return (await this.findIdByInvitationCode(executor, code)) !== undefined;
  }

  /** Whether another account already uses this email (case-insensitive). */
  async emailTaken(executor: Executor, email: string, exceptUserId?: string): Promise<boolean> {
    let query = executor
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase());
    if (exceptUserId) query = query.where('id', '<>', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The user and their ledger cash account, in the caller's transaction: together or not at all. */
  async insert(trx: Transaction<DB>, user: NewUser): Promise<UserRow> {
    const row = await trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    await this.openCashAccount(trx, row.id);
    return row;
  }

  /** Sets the real name only if none is set yet; undefined when one already was. */
  setRealNameOnce(executor: Executor, id: string, realName: string, now: Date): Promise<UserRow | undefined> {
    return executor
      .updateTable('users')
      .set({ real_name: realName, updated_at: now })
      .where('id', '=', id)
      .where('real_name', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  updateProfile(
    executor: Executor,
    id: string,
    changes: { nickname?: string; email?: string | null },
    now: Date,
  ): Promise<UserRow | undefined> {
    return executor
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** A new password also satisfies an operator's forced reset (the only way back in after one). */
  async setPasswordHash(executor: Executor, id: string, passwordHash: string, now: Date) {
    await executor
      .updateTable('users')
      .set({ password_hash: passwordHash, password_reset_required: false, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async setPaymentPasswordHash(
    executor: Executor,
    id: string,
    paymentPasswordHash: string,
    now: Date,
  ): Promise<void> {
    await executor
      .updateTable('users')
      .set({ payment_password_hash: paymentPasswordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}

/** The unique indexes whose violation means something to a user. */
