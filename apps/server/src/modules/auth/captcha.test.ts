/** Captcha lifecycle, at the service level: single use, expiry, case, and nothing kept in clear. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { CaptchaRepository } from './captcha.repository.ts';
import { CaptchaService } from './captcha.service.ts';

describe('captcha lifecycle', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  let service: CaptchaService;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('pglite'));
    service = new CaptchaService({
      db: database.kysely,
      repository: new CaptchaRepository(),
      clock,
      ttlSeconds: 120,
    });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('issues a 4-character answer without look-alike characters, expiring after the TTL', async () => {
    const issued = await service.issue();
    expect(issued.answer).toMatch(/^[A-HJ-KM-NP-Za-hj-km-np-z2-9]{4}$/);
    expect(issued.expiresAt).toBe(Date.parse('2026-01-01T00:02:00Z') / 1000);
    expect(issued.svg.startsWith('<svg')).toBe(true);
  });

  it('accepts the right answer exactly once', async () => {
    const issued = await service.issue();
    expect(await service.verify(issued.captchaId, issued.answer)).toBe(true);
    expect(await service.verify(issued.captchaId, issued.answer)).toBe(false);
  });

  it('is used up by a wrong answer', async () => {
    const issued = await service.issue();
    expect(await service.verify(issued.captchaId, 'wrong')).toBe(false);
    expect(await service.verify(issued.captchaId, issued.answer)).toBe(false);
  });

  it('compares without regard to case or surrounding spaces', async () => {
    const upper = await service.issue();
    expect(await service.verify(upper.captchaId, ` ${upper.answer.toUpperCase()} `)).toBe(true);
    const lower = await service.issue();
    expect(await service.verify(lower.captchaId, lower.answer.toLowerCase())).toBe(true);
  });

  it('expires: valid just before the TTL, refused at it', async () => {
    const early = await service.issue();
    const late = await service.issue();
    clock.advanceSeconds(119);
    expect(await service.verify(early.captchaId, early.answer)).toBe(true);
    clock.advanceSeconds(1);
    expect(await service.verify(late.captchaId, late.answer)).toBe(false);
  });

  it('refuses unknown and malformed ids without touching the database', async () => {
    expect(await service.verify('00000000-0000-4000-8000-000000000000', 'abcd')).toBe(false);
    expect(await service.verify("'; drop table captchas; --", 'abcd')).toBe(false);
    expect(await service.verify('', '')).toBe(false);
  });

  it('cannot be used twice even when two attempts race', async () => {
    const issued = await service.issue();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => service.verify(issued.captchaId, issued.answer)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('clears captchas that expired more than an hour ago when issuing new ones', async () => {
    const old = await service.issue();
    clock.advanceSeconds(2 * 3600);
    await service.issue();
    const row = await database.kysely
      .selectFrom('captchas')
      .select('id')
      .where('id', '=', old.captchaId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
