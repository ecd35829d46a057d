/**
 * Customer service: a user writes and reads their conversation (retries make one row, bad text writes
 * nothing, nobody else sees it); operators list conversations with what awaits an answer, read one and
 * answer (audited, pushed to the user as a notice). The domain event bus is the real one.
 */
import type { SupportMessage } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/platform/events.ts';
import { call, countRows, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import { type MoneyUser, newKey, operatorToken, quickUser } from './money.ts';

interface MessagePage {
  items: SupportMessage[];
  nextCursor: string | null;
}
interface Thread {
  userId: string;
  account: string;
  lastText: string;
  lastAuthor: 'user' | 'operator';
  lastAt: number;
  awaitingReply: number;
}
interface ThreadPage {
  items: Thread[];
  nextCursor: string | null;
}

const UNKNOWN_USER = '01890000-0000-7000-8000-000000000000';

function write(t: TestApp, user: MoneyUser, text: string, key = newKey()) {
  return call<SupportMessage & ErrorJson>(t, 'POST', '/support/messages', {
    token: user.token,
    body: { text, idempotencyKey: key },
  });
}

function mine(t: TestApp, user: MoneyUser, query = '') {
  return call<MessagePage & ErrorJson>(t, 'GET', `/support/messages${query}`, { token: user.token });
}

function threads(t: TestApp, token: string) {
  return call<ThreadPage & ErrorJson>(t, 'GET', '/admin/support/threads?limit=100', { token });
}

describe.each(DRIVERS)('customer service on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let heard: DomainEvent[];
  beforeAll(async () => {
    t = await createTestApp({ driver });
    operator = await operatorToken(t);
    heard = [];
    t.services.events.subscribe((event) => heard.push(event));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a user write and read their conversation, newest first, one row per retried key', async () => {
    const user = await quickUser(t, { prefix: 'cs' });
    const first = await write(t, user, '  Where is my deposit?  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ author: 'user', operatorAccount: null, text: 'Where is my deposit?' });
    t.clock.advanceSeconds(5);
    const key = newKey();
    const second = await write(t, user, 'Reference TH-1', key);
    expect(second.status).toBe(201);
    const rows = await countRows(t, 'support_messages');
    const retry = await write(t, user, 'Reference TH-1', key);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(second.body.id);
    expect(await countRows(t, 'support_messages')).toBe(rows);
    const conflict = await write(t, user, 'Something else', key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('IDEMPOTENCY_CONFLICT');

    const page = await mine(t, user);
    expect(page.status).toBe(200);
    expect(page.body.items.map((m) => m.text)).toEqual(['Reference TH-1', 'Where is my deposit?']);
    const one = await mine(t, user, '?limit=1');
    expect(one.body.items.map((m) => m.text)).toEqual(['Reference TH-1']);
    expect(one.body.nextCursor).not.toBeNull();
    const rest = await mine(t, user, `?limit=1&cursor=${one.body.nextCursor}`);
    expect(rest.body.items.map((m) => m.text)).toEqual(['Where is my deposit?']);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('refuses empty and oversize text and writes nothing', async () => {
    const user = await quickUser(t, { prefix: 'cs' });
    const before = await countRows(t, 'support_messages');
    for (const text of ['', '   ', 'x'.repeat(1001)]) {
      const response = await write(t, user, text);
      expect(response.status, JSON.stringify(text.slice(0, 5))).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await countRows(t, 'support_messages')).toBe(before);
    expect((await mine(t, user)).body.items).toEqual([]);
  });

  it('shows a conversation to nobody else', async () => {
    const author = await quickUser(t, { prefix: 'cs' });
    const other = await quickUser(t, { prefix: 'cs' });
    expect((await write(t, author, 'private question')).status).toBe(201);
    const page = await mine(t, other);
    expect(page.status).toBe(200);
    expect(page.body.items).toEqual([]);
  });

  it('lets an operator list conversations, read one and answer (audited, pushed as a notice)', async () => {
    const user = await quickUser(t, { prefix: 'cs' });
    t.clock.advanceSeconds(60);
    await write(t, user, 'first question');
    await write(t, user, 'second question');
    let listed = await threads(t, operator);
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toMatchObject({
      userId: user.id,
      account: user.account,
      lastText: 'second question',
      lastAuthor: 'user',
      awaitingReply: 2,
    });

    const read = await call<MessagePage & ErrorJson>(t, 'GET', `/admin/support/threads/${user.id}/messages`, {
      token: operator,
    });
    expect(read.status).toBe(200);
    expect(read.body.items.map((m) => m.text)).toEqual(['second question', 'first question']);

    heard.length = 0;
    const answer = await call<SupportMessage & ErrorJson>(
      t,
      'POST',
      `/admin/support/threads/${user.id}/messages`,
      { token: operator, body: { text: 'It arrived, thank you', idempotencyKey: newKey() } },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      author: 'operator',
      operatorAccount: 'admin',
      text: 'It arrived, thank you',
    });
    expect(heard).toContainEqual({
      channel: 'notice',
      msg: { type: 'gaogaoasx', content: 'It arrived, thank you', uid: user.id },
      userId: user.id,
    });
    const audit = await t.database.kysely
      .selectFrom('operator_audit_log')
      .selectAll()
      .where('action', '=', 'support.reply')
      .where('target_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.target_type).toBe('user');
    expect(audit[0]?.after).toEqual({ text: 'It arrived, thank you' });

    // The user sees the answer in their conversation; nothing awaits an answer any more.
    expect((await mine(t, user)).body.items[0]).toMatchObject({
      author: 'operator',
      operatorAccount: 'admin',
    });
    listed = await threads(t, operator);
    expect(listed.body.items[0]).toMatchObject({ userId: user.id, lastAuthor: 'operator', awaitingReply: 0 });
    t.clock.advanceSeconds(1);
    await write(t, user, 'one more thing');
    listed = await threads(t, operator);
    expect(listed.body.items[0]).toMatchObject({ userId: user.id, awaitingReply: 1 });
    // Every conversation appears once.
    const ids = listed.body.items.map((thread) => thread.userId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers an unknown user with NOT_FOUND and writes nothing', async () => {
    const before = await countRows(t, 'support_messages');
    heard.length = 0;
    const response = await call<ErrorJson>(t, 'POST', `/admin/support/threads/${UNKNOWN_USER}/messages`, {
      token: operator,
      body: { text: 'hello', idempotencyKey: newKey() },
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
    expect(await countRows(t, 'support_messages')).toBe(before);
    expect(heard.filter((event) => event.channel === 'notice')).toEqual([]);
    const read = await call<ErrorJson>(t, 'GET', `/admin/support/threads/${UNKNOWN_USER}/messages`, {
      token: operator,
    });
    expect(read.status).toBe(404);
  });

  it('keeps users off the admin routes and operators off the user routes', async () => {
    const user = await quickUser(t, { prefix: 'cs' });
    const body = { text: 'hi', idempotencyKey: newKey() };
    const admin: Array<['GET' | 'POST', string]> = [
      ['GET', '/admin/support/threads'],
      ['GET', `/admin/support/threads/${user.id}/messages`],
      ['POST', `/admin/support/threads/${user.id}/messages`],
    ];
    for (const [method, url] of admin) {
      const options = method === 'POST' ? { body } : {};
      expect((await call(t, method, url, options)).status, `${method} ${url}`).toBe(401);
      expect((await call(t, method, url, { ...options, token: user.token })).status, `${method} ${url}`).toBe(
        403,
      );
    }
    for (const method of ['GET', 'POST'] as const) {
      const options = method === 'POST' ? { body } : {};
      expect((await call(t, method, '/support/messages', options)).status).toBe(401);
      expect([401, 403]).toContain(
        (await call(t, method, '/support/messages', { ...options, token: operator })).status,
      );
    }
  });
});
