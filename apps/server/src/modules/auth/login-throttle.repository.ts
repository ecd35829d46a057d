/** Failed-login counters per scope (user or operator) and normalised account name. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, LoginScope, LoginThrottlesTable } from '../../platform/db/schema.ts';

export type ThrottleRow = Selectable<LoginThrottlesTable>;

export class LoginThrottleRepository {
  constructor(private readonly db: Kysely<DB>) {}

  find(scope: LoginScope, accountKey: string): Promise<ThrottleRow | undefined> {
    return this.db
      .selectFrom('login_throttles')
      .selectAll()
      .where('scope', '=', scope)
      .where('account_key', '=', accountKey)
      .executeTakeFirst();
  }

  /**
   * Runs `decide` on the locked row (created if missing) and stores what it returns; concurrent failures
   * for the same name are serialised by the row lock, so none is lost.
   */
  update(
    scope: LoginScope,
    accountKey: string,
    now: Date,
    decide: (row: ThrottleRow) => Omit<ThrottleRow, 'scope' | 'account_key'>,
  ): Promise<ThrottleRow> {
    return this.db.transaction().execute(async (trx: Transaction<DB>) => {
      await trx
        .insertInto('login_throttles')
        .values({
          scope,
          account_key: accountKey,
          failure_count: 0,
          window_started_at: now,
          locked_until: null,
        })
        .onConflict((conflict) => conflict.columns(['scope', 'account_key']).doNothing())
        .execute();
      const current = await trx
        .selectFrom('login_throttles')
        .selectAll()
        .where('scope', '=', scope)
        .where('account_key', '=', accountKey)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const next = decide(current);
      return trx
        .updateTable('login_throttles')
        .set(next)
        .where('scope', '=', scope)
        .where('account_key', '=', accountKey)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async clear(scope: LoginScope, accountKey: string): Promise<void> {
    await this.db
      .deleteFrom('login_throttles')
      .where('scope', '=', scope)
      .where('account_key', '=', accountKey)
      .execute();
  }
}
