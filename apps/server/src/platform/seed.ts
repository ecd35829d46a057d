/**
 * Demo data on the first start of an empty database: one operator and one demo user whose invitation
 * code is fixed, so the README, the start-up banner and the tests can all name them. Each part is only
 * written when its table is empty, so running it again changes nothing.
 */
import type { Kysely } from 'kysely';
import { insertUserCashAccount } from '../modules/ledger/ledger.repository.ts';
import type { Clock } from './clock.ts';
import type { DB } from './db/schema.ts';
import type { PasswordHasher } from './password-hasher.ts';

export const DEMO = {
  operator: { account: 'admin', password: 'admin12345', role: 'admin' },
  user: { account: 'demo', password: 'demo123456', nickname: 'Demo', invitationCode: 'DEMO2026' },
} as const;

export interface SeedResult {
  operator: boolean;
  user: boolean;
}

export async function seedDemoData(
  db: Kysely<DB>,
  hasher: PasswordHasher,
  clock: Clock,
): Promise<SeedResult> {
  const result: SeedResult = { operator: false, user: false };
  const now = clock.now();

  const operators = await db.selectFrom('operators').select('id').limit(1).execute();
  if (operators.length === 0) {
    await db
      .insertInto('operators')
      .values({
        username: DEMO.operator.account,
        password_hash: await hasher.hash(DEMO.operator.password),
        role: DEMO.operator.role,
        created_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    result.operator = true;
  }

  const users = await db.selectFrom('users').select('id').limit(1).execute();
  if (users.length === 0) {
    const passwordHash = await hasher.hash(DEMO.user.password);
    // The user and their ledger cash account, together (as at registration).
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values({
          username: DEMO.user.account,
          password_hash: passwordHash,
          payment_password_hash: null,
          nickname: DEMO.user.nickname,
          real_name: null,
          email: null,
          invitation_code: DEMO.user.invitationCode,
          inviter_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) await insertUserCashAccount(trx, inserted.id);
    });
    result.user = true;
  }
  return result;
}
