/**
 * The first start of an empty database writes one operator and one user (the first inviter, whose
 * invitation code lets the first people register). In the demo their logins are the published DEMO
 * ones, so the README, the banner and the tests can name them; anywhere else they are random and shown
 * once in the start-up banner, because a password printed in a README is no password. Each part is only
 * written when its table is empty, so running it again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newInvitationCode } from './modules/auth/invitation-code.ts';
import { LedgerRepository } from './modules/ledger/ledger.repository.ts';
import type { Clock } from './platform/clock.ts';
import type { DB } from './platform/db/schema.ts';
import type { PasswordHasher } from './platform/password-hasher.ts';

export const DEMO = {
  operator: { account: 'admin', password: 'admin12345', role: 'admin' },
  user: { account: 'demo', password: 'demo123456', nickname: 'Demo', invitationCode: 'DEMO2026' },
} as const;

export interface SeedLogins {
  operator: { account: string; password: string; role: 'admin' };
  user: { account: string; password: string; nickname: string; invitationCode: string };
}

/** Logins nobody can guess, for a server that is not the demo. */
export function randomSeedLogins(): SeedLogins {
  return {
    operator: { account: 'admin', password: randomBytes(12).toString('base64url'), role: 'admin' },
    // Nobody logs in as the first inviter; its password is never shown (an operator can reset it).
    user: {
      account: 'house',
      password: randomBytes(24).toString('base64url'),
      nickname: 'House',
      invitationCode: newInvitationCode(),
    },
  };
}

export interface SeedResult {
  operator: boolean;
  user: boolean;
}

export async function seedDemoData(
  db: Kysely<DB>,
  hasher: PasswordHasher,
  clock: Clock,
  logins: SeedLogins = DEMO,
): Promise<SeedResult> {
  const result: SeedResult = { operator: false, user: false };
  const now = clock.now();

  const operators = await db.selectFrom('operators').select('id').limit(1).execute();
  if (operators.length === 0) {
    await db
      .insertInto('operators')
      .values({
        username: logins.operator.account,
        password_hash: await hasher.hash(logins.operator.password),
        role: logins.operator.role,
        created_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    result.operator = true;
  }

  const users = await db.selectFrom('users').select('id').limit(1).execute();
  if (users.length === 0) {
    const passwordHash = await hasher.hash(logins.user.password);
    // The user and their ledger cash account, together (as at registration).
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values({
          username: logins.user.account,
          password_hash: passwordHash,
          payment_password_hash: null,
          nickname: logins.user.nickname,
          real_name: null,
          email: null,
          invitation_code: logins.user.invitationCode,
          inviter_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) await new LedgerRepository().openUserAccount(trx, inserted.id);
    });
    result.user = true;
  }
  return result;
}
