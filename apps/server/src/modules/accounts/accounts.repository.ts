/** The users table: the only place with SQL about accounts. */
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, NewUser, UserRow } from '../../platform/db/schema.ts';

/** Opens the new user's cash account in the same transaction: the ledger's code writes it. */
export type OpenCashAccount = (executor: Executor, userId: string) => Promise<void>;

export class AccountsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly openCashAccount: OpenCashAccount,
  ) {}

  /** By account name, ignoring case (`accountKey` is already lower-cased). */
  findByAccountKey(accountKey: string, executor: Executor = this.db): Promise<UserRow | undefined> {
    return executor
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', accountKey)
      .executeTakeFirst();
  }

  findById(id: string, executor: Executor = this.db): Promise<UserRow | undefined> {
    return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findIdByInvitationCode(code: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('invitation_code', '=', code)
      .executeTakeFirst();
    return row?.id;
  }

  /** The account's status, read in the caller's transaction (money operations refuse a frozen account). */
  async status(id: string, executor: Executor = this.db): Promise<UserRow['status'] | undefined> {
    const row = await executor.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  async invitationCodeExists(code: string): Promise<boolean> {
    return (await this.findIdByInvitationCode(code)) !== undefined;
  }

  /** Whether another account already uses this email (case-insensitive). */
  async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase());
    if (exceptUserId) query = query.where('id', '<>', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The user and their ledger cash account, together or not at all. */
  insert(user: NewUser): Promise<UserRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
      await this.openCashAccount(trx, row.id);
      return row;
    });
  }

  /** Sets the real name only if none is set yet; undefined when one already was. */
  setRealNameOnce(id: string, realName: string, now: Date): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ real_name: realName, updated_at: now })
      .where('id', '=', id)
      .where('real_name', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  updateProfile(
    id: string,
    changes: { nickname?: string; email?: string | null },
    now: Date,
  ): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** A new password also satisfies an operator's forced reset (the only way back in after one). */
  async setPasswordHash(id: string, passwordHash: string, now: Date, executor: Executor = this.db) {
    await executor
      .updateTable('users')
      .set({ password_hash: passwordHash, password_reset_required: false, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async setPaymentPasswordHash(id: string, paymentPasswordHash: string, now: Date): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ payment_password_hash: paymentPasswordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}

/** The unique indexes whose violation means something to a user. */
