/** argon2id with the fixed parameters, and the bound on how many hashes run at once. */
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password-hasher.ts';
import { Semaphore } from './semaphore.ts';

describe('password hasher', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and verifies', async () => {
    const hasher = createPasswordHasher(2);
    const hash = await hasher.hash('secret123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'secret123')).toBe(true);
    expect(await hasher.verify(hash, 'secret124')).toBe(false);
    expect(await hasher.hash('secret123')).not.toBe(hash);
  });

  it('treats a stored value that is not a hash as a mismatch, not a crash', async () => {
    const hasher = createPasswordHasher(1);
    expect(await hasher.verify('not-a-hash', 'secret123')).toBe(false);
    expect(await hasher.verifyDummy('secret123')).toBe(false);
  });

  it('tells its observer of every argon2 computation, a dummy check included', async () => {
    const work: string[] = [];
    const hasher = createPasswordHasher(2, (kind) => work.push(kind));
    const hash = await hasher.hash('secret123');
    await hasher.verify(hash, 'secret124');
    expect(work).toEqual(['hash', 'verify']);
    work.length = 0;
    // The first dummy check makes the dummy hash it checks against; later ones only check.
    await hasher.verifyDummy('secret123');
    expect(work).toEqual(['hash', 'verify']);
    work.length = 0;
    await hasher.verifyDummy('secret123');
    expect(work).toEqual(['verify']);
  });

  it('never runs more hashes at once than its bound', async () => {
    const hasher = createPasswordHasher(3);
    const hashes = await Promise.all(Array.from({ length: 9 }, (_, i) => hasher.hash(`password-${i}`)));
    expect(hasher.stats.peak).toBe(3);
    expect(hasher.stats.active).toBe(0);
    expect(hasher.stats.waiting).toBe(0);
    const checks = await Promise.all(hashes.map((hash, i) => hasher.verify(hash, `password-${i}`)));
    expect(checks.every(Boolean)).toBe(true);
    expect(hasher.stats.peak).toBe(3);
  });
});

describe('semaphore', () => {
  it('serves waiters in arrival order and hands slots over without gaps', async () => {
    const semaphore = new Semaphore(1);
    const order: number[] = [];
    const release = await semaphore.acquire();
    const waiting = [1, 2, 3].map((n) =>
      semaphore.run(async () => {
        order.push(n);
      }),
    );
    expect(semaphore.waiting).toBe(3);
    release();
    release(); // a second release is ignored
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    expect(semaphore.active).toBe(0);
    expect(semaphore.peak).toBe(1);
  });

  it('releases the slot when the task throws', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(semaphore.active).toBe(0);
    expect(await semaphore.run(async () => 'ok')).toBe('ok');
  });
});
