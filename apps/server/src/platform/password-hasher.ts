/**
 * argon2id with the parameters the issue fixes (m=19456 KiB, t=2, p=1). Each hash takes ~19 MiB and tens
 * of milliseconds, so a burst of logins must not run them all at once: a semaphore bounds how many run
 * together and the rest queue.
 */
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { Semaphore } from './semaphore.ts';

export const ARGON2_PARAMS = {
  // Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax): 2 is Argon2id.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored value that is not an argon2 hash. */
  verify(storedHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same effort as a real verification and returns false: used when the account does not
   * exist, so the response time does not tell.
   */
  verifyDummy(password: string): Promise<false>;
  readonly stats: { readonly active: number; readonly waiting: number; readonly peak: number };
}

/**
 * Told of each argon2 computation as it starts (once it has a slot): the one place that sees all of them,
 * dummy ones included. An observability seam, like `stats`: hashing is most of what a sign-in costs, so
 * counting it per request is what tells two paths (a known and an unknown account) apart by their work.
 */
export type HashWorkObserver = (work: 'hash' | 'verify') => void;

export function createPasswordHasher(concurrency: number, observe?: HashWorkObserver): PasswordHasher {
  const slots = new Semaphore(concurrency);
  let dummyHash: Promise<string> | null = null;

  const hashPassword = (password: string) =>
    slots.run(() => {
      observe?.('hash');
      return hash(password, ARGON2_PARAMS);
    });
  const verifyPassword = (storedHash: string, password: string) =>
    slots.run(async () => {
      observe?.('verify');
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    });

  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyDummy(password) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(await dummyHash, password);
      return false;
    },
    get stats() {
      return { active: slots.active, waiting: slots.waiting, peak: slots.peak };
    },
  };
}
