/**
 * My account read by many users at once (platform/db/keyed-read-batcher.ts): concurrent requests share
 * statements, yet each user gets their own account, and a read asked for after a write sees that write.
 * The sharing is shown by the statements sent (counted, never timed), on both drivers.
 */
import type { MeResponse } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { type MoneyUser, offlineDeposit, quickUser } from './money.ts';
import { WorkLog } from './work-log.ts';

const USERS = 60;
/** The /me statement as the work log shows it (whitespace collapsed). */
const isMeRead = (entry: string) => entry.includes('join ledger_accounts a on a.user_id = u.id');

describe.each(DRIVERS)('My account read together on %s', (driver) => {
  let t: TestApp;
  let users: MoneyUser[];
  const work = new WorkLog();

  beforeAll(async () => {
    t = await createTestApp({ driver, observer: work });
    users = [];
    for (let i = 0; i < USERS; i++) users.push(await quickUser(t, { prefix: 'together' }));
    // Each session checked once, so that what the burst below sends is My account's own reads.
    for (const user of users) expect((await call(t, 'GET', '/me', { token: user.token })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const readAll = () =>
    Promise.all(users.map((user) => call<MeResponse>(t, 'GET', '/me', { token: user.token })));

  it('answers each of 60 users reading at once with their own account, in fewer statements', async () => {
    work.take();
    const answers = await readAll();
    const reads = work.take().filter(isMeRead).length;
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(users[index]?.id);
      expect(answer.body.account).toBe(users[index]?.account);
    });
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(USERS / 2);
  });

  it('shows a user the deposit they made just before, while the others are read with them', async () => {
    const [depositor] = users;
    if (!depositor) throw new Error('no users');
    expect((await offlineDeposit(t, depositor, 5_000)).status).toBe(201);
    const answers = await readAll();
    expect(answers[0]?.body.unprocessedCount).toBe(1);
    for (const answer of answers.slice(1)) expect(answer.body.unprocessedCount).toBe(0);
  });
});
