/** The console's SQL about users: search, one user with their balance, and the operator's changes. */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, UserStatus } from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface AdminUserRow {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  real_name: string | null;
  credit_score: number;
  status: UserStatus;
  password_reset_required: boolean;
  balance: number;
  created_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `q` as a LIKE pattern that matches it literally anywhere (its own % and _ are not wildcards). */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export class AdminUsersRepository {
  private query(executor: Executor) {
    return executor
      .selectFrom('users as u')
      .innerJoin('ledger_accounts as a', 'a.user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        'u.nickname',
        'u.email',
        'u.real_name',
        'u.credit_score',
        'u.status',
        'u.password_reset_required',
        'a.balance',
        'u.created_at',
      ]);
  }

  /** Newest first, `limit` + 1 rows; `q` matches the id exactly, or account, nickname or email in part. */
  search(
    executor: Executor,
    q: string | undefined,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<AdminUserRow[]> {
    let query = this.query(executor);
    if (q) {
      const pattern = containsPattern(q);
      query = query.where((eb) =>
        eb.or([
          ...(UUID.test(q) ? [eb('u.id', '=', q)] : []),
          eb(sql<string>`lower(u.username)`, 'like', pattern),
          eb(sql<string>`lower(u.nickname)`, 'like', pattern),
          eb(sql<string>`lower(coalesce(u.email, ''))`, 'like', pattern),
        ]),
      );
    }
    return paginate(query, cursor, limit, ['u.created_at', 'u.id']).execute();
  }

  find(executor: Executor, id: string): Promise<AdminUserRow | undefined> {
    return this.query(executor).where('u.id', '=', id).executeTakeFirst();
  }

  /** The user row locked until the transaction ends: operator changes to one user queue behind each other. */
  async lock(trx: Transaction<DB>, id: string): Promise<boolean> {
    const row = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  async setStatus(trx: Transaction<DB>, id: string, status: UserStatus, now: Date): Promise<void> {
    await trx.updateTable('users').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  async setCreditScore(trx: Transaction<DB>, id: string, score: number, now: Date): Promise<void> {
    await trx
      .updateTable('users')
      .set({ credit_score: score, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async requirePasswordReset(trx: Transaction<DB>, id: string, now: Date): Promise<void> {
    await trx
      .updateTable('users')
      .set({ password_reset_required: true, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
