/**
 * Image captchas: the answer is kept as sha256(id:answer) with an expiry; any verification attempt uses
 * the captcha up, right or wrong, so a failed login always needs a fresh image and an answer can never
 * be replayed. Answers compare case-insensitively (the image does not show case reliably).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { addSeconds, type Clock, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import { hexDigestsEqual, sha256Hex } from '../../platform/tokens.ts';
import type { CaptchaRepository } from './captcha.repository.ts';

export interface IssuedCaptcha {
  captchaId: string;
  svg: string;
  expiresAt: number;
  /** Only ever leaves the server in test mode. */
  answer: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Characters that look alike in a distorted image are never used. */
const AMBIGUOUS = '0oO1iIlL';

const answerHash = (id: string, answer: string) => sha256Hex(`${id}:${answer.trim().toLowerCase()}`);

export interface CaptchaServiceDeps {
  db: Kysely<DB>;
  repository: CaptchaRepository;
  clock: Clock;
  ttlSeconds: number;
}

export class CaptchaService {
  constructor(private readonly deps: CaptchaServiceDeps) {}

  async issue(): Promise<IssuedCaptcha> {
    const now = this.deps.clock.now();
    const image = svgCaptcha.create({
      size: 4,
      noise: 2,
      color: true,
      ignoreChars: AMBIGUOUS,
      width: 120,
      height: 44,
      fontSize: 46,
      background: '#eef2fb',
    });
    const id = randomUUID();
    const expiresAt = addSeconds(now, this.deps.ttlSeconds);
    await this.deps.repository.insert(this.deps.db, {
      id,
      answerHash: answerHash(id, image.text),
      createdAt: now,
      expiresAt,
    });
    // Housekeeping: answers long past their expiry are of no use to anyone.
    await this.deps.repository.deleteExpiredBefore(this.deps.db, addSeconds(now, -3600));
    return { captchaId: id, svg: image.data, expiresAt: toUnixSeconds(expiresAt), answer: image.text };
  }

  /** True only for an unused, unexpired captcha and its right answer; the captcha is used up either way. */
  async verify(captchaId: string, answer: string): Promise<boolean> {
    if (!UUID_PATTERN.test(captchaId)) return false;
    const now = this.deps.clock.now();
    const row = await this.deps.repository.consume(this.deps.db, captchaId, now);
    if (!row) return false;
    if (row.expires_at.getTime() <= now.getTime()) return false;
    return hexDigestsEqual(row.answer_hash, answerHash(captchaId, answer));
  }
}
