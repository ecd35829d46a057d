/**
 * Notifications: operators send to everyone or to one account (audited, pushed as socket.io
 * notices after the commit); users list theirs with read/unread, mark one or all read, and change their
 * settings; funding decisions are stored as personal notifications and pushed only when the user's
 * `funding` setting is on; settled rounds push each participant's result when they turned `round_result` on (it is opt-in).
 * The domain event bus is the real one: the tests listen to it as the realtime gateway does.
 */
import type { NewMsg, NotificationView } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/platform/events.ts';
import { call, countRows, createTestApp, DEMO, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import {
  bindCard,
  type MoneyUser,
  newKey,
  offlineDeposit,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
} from './money.ts';
import { credit, finishRound, openRound, place, roomId } from './trading.ts';

interface Page {
  items: NotificationView[];
  nextCursor: string | null;
  unread: number;
}
interface Sent {
  id: string;
  audience: 'all' | 'user';
  userId: string | null;
  account: string | null;
  title: string;
  content: string;
  createdAt: number;
}
interface Settings {
  announcement: boolean;
  round_result: boolean;
  funding: boolean;
}
type Notice = Extract<DomainEvent, { channel: 'notice' }>;

/** Every domain event published on the app's bus, in order. */
function listen(t: TestApp): DomainEvent[] {
  const heard: DomainEvent[] = [];
  t.services.events.subscribe((event) => heard.push(event));
  return heard;
}

function noticesFor(heard: DomainEvent[], userId: string | null): NewMsg[] {
  return heard
    .filter((event): event is Notice => event.channel === 'notice' && event.userId === userId)
    .map((event) => event.msg);
}

function send(t: TestApp, token: string | undefined, body: Record<string, unknown>) {
  return call<Sent & ErrorJson>(t, 'POST', '/admin/notifications', { ...(token ? { token } : {}), body });
}

function list(t: TestApp, user: MoneyUser, query = '', locale?: string) {
  return call<Page & ErrorJson>(t, 'GET', `/notifications${query}`, {
    token: user.token,
    ...(locale ? { locale } : {}),
  });
}

async function unread(t: TestApp, user: MoneyUser): Promise<number> {
  const response = await call<{ unread: number }>(t, 'GET', '/notifications/unread-count', {
    token: user.token,
  });
  expect(response.status).toBe(200);
  return response.body.unread;
}

/** Every page of a user's list, `limit` at a time. */
async function allPages(t: TestApp, user: MoneyUser, scope: string, limit: number) {
  const items: NotificationView[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?scope=${scope}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await list(t, user, query);
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...response.body.items);
    cursor = response.body.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 100);
  return items;
}

function publishFunding(
  t: TestApp,
  userId: string,
  kind: 'deposit' | 'withdrawal',
  id: string,
  status: string,
): void {
  t.services.events.publishTopic({
    topic: 'user',
    userId,
    event: 'order.updated',
    data: { kind, id, status },
  });
}

describe.each(DRIVERS)('notifications on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  let heard: DomainEvent[];
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { TURNOVER_MULTIPLIER: '0' } });
    operator = await operatorToken(t);
    heard = listen(t);
  });
  afterAll(async () => {
    await t?.services.notifications.drain();
    await t?.close();
  });

  it('sends to everyone: stored, audited, listed for every user unread, pushed as gaogaoall', async () => {
    const alice = await quickUser(t);
    const bob = await quickUser(t);
    const before = await unread(t, bob);
    const content = 'Maintenance tonight <img src=x onerror=alert(1)> & more';
    const response = await send(t, operator, { audience: 'all', title: 'Maintenance', content });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      audience: 'all',
      userId: null,
      account: null,
      title: 'Maintenance',
    });
    // Plain text, kept exactly as written (clients show it as text).
    expect(response.body.content).toBe(content);

    for (const user of [alice, bob]) {
      const page = await list(t, user);
      expect(page.body.items[0]).toMatchObject({
        id: response.body.id,
        audience: 'all',
        category: 'announcement',
        title: 'Maintenance',
        content,
        read: false,
      });
    }
    expect(await unread(t, bob)).toBe(before + 1);

    expect(noticesFor(heard, null)).toContainEqual({ type: 'gaogaoall', content, uid: '' });

    const audit = await t.database.kysely
      .selectFrom('operator_audit_log')
      .innerJoin('operators', 'operators.id', 'operator_audit_log.operator_id')
      .select(['action', 'target_type', 'target_id', 'after', 'operators.username'])
      .where('target_id', '=', response.body.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'notification.send',
      target_type: 'notification',
      username: DEMO.operator.account,
      after: { audience: 'all', title: 'Maintenance', content },
    });
  });

  it('sends to one account (any letter case): only that user sees it, pushed as gaogaoasx with their uid', async () => {
    const alice = await quickUser(t);
    const bob = await quickUser(t);
    const response = await send(t, operator, {
      audience: 'user',
      account: alice.account.toUpperCase(),
      title: 'Your account',
      content: 'Please check your bank card',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ audience: 'user', userId: alice.id, account: alice.account });

    const personal = await list(t, alice, '?scope=personal');
    expect(personal.body.items.map((item) => item.id)).toEqual([response.body.id]);
    expect(personal.body.items[0]).toMatchObject({ audience: 'user', read: false });
    expect((await list(t, bob)).body.items.map((item) => item.id)).not.toContain(response.body.id);

    expect(noticesFor(heard, alice.id)).toEqual([
      { type: 'gaogaoasx', content: 'Please check your bank card', uid: alice.id },
    ]);
    expect(noticesFor(heard, bob.id)).toEqual([]);
  });

  it('refuses an unknown account (404), a user token (403), no token (401) and bad bodies (400), storing nothing', async () => {
    const user = await quickUser(t);
    const stored = await countRows(t, 'notifications');
    const audited = await countRows(t, 'operator_audit_log');
    const noticesBefore = heard.filter((event) => event.channel === 'notice').length;
    const body = { audience: 'user', account: 'nobody_here_at_all', title: 'Hi', content: 'Hello' };

    const unknown = await send(t, operator, body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('NOT_FOUND');
    expect((await send(t, user.token, body)).status).toBe(403);
    expect((await send(t, undefined, body)).status).toBe(401);
    expect((await call(t, 'GET', '/admin/notifications', { token: user.token })).status).toBe(403);
    expect((await call(t, 'GET', '/admin/notifications')).status).toBe(401);

    for (const bad of [
      { audience: 'user', title: 'Hi', content: 'Hello' },
      { audience: 'all', account: user.account, title: 'Hi', content: 'Hello' },
      { audience: 'all', title: '   ', content: 'Hello' },
      { audience: 'all', title: 'Hi', content: '' },
      { audience: 'all', title: 'Hi', content: 'x'.repeat(2001) },
      { audience: 'everyone', title: 'Hi', content: 'Hello' },
      { audience: 'all', title: 'Hi', content: 'Hello', html: true },
    ]) {
      const response = await send(t, operator, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.error?.code).toBe('VALIDATION_FAILED');
    }
    expect(await countRows(t, 'notifications')).toBe(stored);
    expect(await countRows(t, 'operator_audit_log')).toBe(audited);
    expect(heard.filter((event) => event.channel === 'notice').length).toBe(noticesBefore);
  });

  it('lists what operators sent, newest first, page by page, with the addressee', async () => {
    const user = await quickUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const body =
        i % 2 === 0
          ? { audience: 'all', title: `Sent ${i}`, content: `Body ${i}` }
          : { audience: 'user', account: user.account, title: `Sent ${i}`, content: `Body ${i}` };
      const response = await send(t, operator, body);
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    const first = await call<{ items: Sent[]; nextCursor: string | null }>(
      t,
      'GET',
      '/admin/notifications?limit=2',
      { token: operator },
    );
    expect(first.status).toBe(200);
    expect(first.body.items.map((item) => item.id)).toEqual([ids[3], ids[2]]);
    expect(first.body.items[0]).toMatchObject({ audience: 'user', userId: user.id, account: user.account });
    expect(first.body.items[1]).toMatchObject({ audience: 'all', userId: null, account: null });
    const second = await call<{ items: Sent[] }>(
      t,
      'GET',
      `/admin/notifications?limit=2&cursor=${first.body.nextCursor}`,
      { token: operator },
    );
    expect(second.body.items.map((item) => item.id)).toEqual([ids[1], ids[0]]);
  });

  it('pages a user’s list newest first without gaps or repeats, by scope, even within one instant', async () => {
    const me = await quickUser(t);
    const other = await quickUser(t);
    // Interleaved announcements, mine and someone else's; some share a timestamp, some do not.
    const mine: string[] = [];
    const announcements: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      if (i % 3 === 0) t.clock.advanceSeconds(1);
      const audience = i % 3;
      const body =
        audience === 0
          ? { audience: 'all', title: `A${i}`, content: 'a' }
          : {
              audience: 'user',
              account: audience === 1 ? me.account : other.account,
              title: `P${i}`,
              content: 'p',
            };
      const response = await send(t, operator, body);
      if (audience === 0) announcements.push(response.body.id);
      if (audience === 1) mine.push(response.body.id);
    }
    const everything = (await list(t, me, '?limit=50')).body.items.map((item) => item.id);
    const paged = (await allPages(t, me, 'all', 2)).map((item) => item.id);
    expect(paged).toEqual(everything);
    expect(new Set(paged).size).toBe(paged.length);
    // My newest nine-ish: every one of mine and of the announcements, newest first, no one else's.
    expect(paged.slice(0, 6)).toEqual([
      mine[2],
      announcements[2],
      mine[1],
      announcements[1],
      mine[0],
      announcements[0],
    ]);

    const personal = (await allPages(t, me, 'personal', 2)).map((item) => item.id);
    expect(personal).toEqual([...mine].reverse());

    const malformed = await list(t, me, '?cursor=not-a-cursor');
    expect(malformed.status).toBe(400);
    expect((await list(t, me, '?limit=51')).status).toBe(400);
    expect((await list(t, me, '?scope=others')).status).toBe(400);
    expect((await call(t, 'GET', '/notifications')).status).toBe(401);
  });

  it('marks one read (204, idempotent); another user’s or an unknown one is not found', async () => {
    const alice = await quickUser(t);
    const bob = await quickUser(t);
    const forAlice = await send(t, operator, {
      audience: 'user',
      account: alice.account,
      title: 'A',
      content: 'a',
    });
    const forBob = await send(t, operator, {
      audience: 'user',
      account: bob.account,
      title: 'B',
      content: 'b',
    });
    const announcement = await send(t, operator, { audience: 'all', title: 'All', content: 'all' });
    const aliceUnread = await unread(t, alice);
    const bobUnread = await unread(t, bob);

    const read = await call(t, 'POST', `/notifications/${forAlice.body.id}/read`, { token: alice.token });
    expect(read.status).toBe(204);
    expect(read.body).toEqual({});
    expect(
      (await call(t, 'POST', `/notifications/${forAlice.body.id}/read`, { token: alice.token })).status,
    ).toBe(204);
    expect(await unread(t, alice)).toBe(aliceUnread - 1);
    const page = await list(t, alice);
    expect(page.body.unread).toBe(aliceUnread - 1);
    expect(page.body.items.find((item) => item.id === forAlice.body.id)?.read).toBe(true);

    // An announcement read by Alice is still unread for Bob.
    expect(
      (await call(t, 'POST', `/notifications/${announcement.body.id}/read`, { token: alice.token })).status,
    ).toBe(204);
    expect(await unread(t, alice)).toBe(aliceUnread - 2);
    expect(await unread(t, bob)).toBe(bobUnread);

    // Bob's personal notification is invisible to Alice: not found, and still unread for Bob.
    const foreign = await call<ErrorJson>(t, 'POST', `/notifications/${forBob.body.id}/read`, {
      token: alice.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect(
      (await list(t, bob, '?scope=personal')).body.items.find((item) => item.id === forBob.body.id)?.read,
    ).toBe(false);
    expect(await unread(t, bob)).toBe(bobUnread);

    const unknown = '0190b7a4-0000-7000-8000-000000000000';
    expect((await call(t, 'POST', `/notifications/${unknown}/read`, { token: alice.token })).status).toBe(
      404,
    );
    expect((await call(t, 'POST', '/notifications/not-a-uuid/read', { token: alice.token })).status).toBe(
      400,
    );
    expect((await call(t, 'POST', `/notifications/${forAlice.body.id}/read`)).status).toBe(401);
  });

  it('reads everything with read-all; later notifications arrive unread; other users are untouched', async () => {
    const alice = await quickUser(t);
    const bob = await quickUser(t);
    await send(t, operator, { audience: 'user', account: alice.account, title: 'One', content: '1' });
    const opened = await send(t, operator, {
      audience: 'user',
      account: alice.account,
      title: 'Two',
      content: '2',
    });
    await call(t, 'POST', `/notifications/${opened.body.id}/read`, { token: alice.token });
    const bobUnread = await unread(t, bob);
    expect(await unread(t, alice)).toBeGreaterThan(0);

    const all = await call(t, 'POST', '/notifications/read-all', { token: alice.token });
    expect(all.status).toBe(204);
    expect(await unread(t, alice)).toBe(0);
    expect((await list(t, alice, '?limit=50')).body.items.every((item) => item.read)).toBe(true);
    expect(await unread(t, bob)).toBe(bobUnread);

    // Same instant as the read-all: still unread, because the mark is the newest notification then.
    const later = await send(t, operator, {
      audience: 'user',
      account: alice.account,
      title: 'Three',
      content: '3',
    });
    expect(await unread(t, alice)).toBe(1);
    const page = await list(t, alice);
    expect(page.body.items[0]).toMatchObject({ id: later.body.id, read: false });
    expect(page.body.unread).toBe(1);
    expect((await call(t, 'POST', '/notifications/read-all', { token: alice.token })).status).toBe(204);
    expect(await unread(t, alice)).toBe(0);

    // Nothing visible at all: read-all is still fine.
    const fresh = await quickUser(t);
    expect((await call(t, 'POST', '/notifications/read-all', { token: fresh.token })).status).toBe(204);
    expect((await call(t, 'POST', '/notifications/read-all')).status).toBe(401);
  });

  it('keeps settings: all on by default, partial updates, validation, and a settings event for the gateway', async () => {
    const user = await quickUser(t);
    const get = () => call<Settings & ErrorJson>(t, 'GET', '/notification-settings', { token: user.token });
    const put = (body: unknown) =>
      call<Settings & ErrorJson>(t, 'PUT', '/notification-settings', { token: user.token, body });

    // Round results are opt-in; the rest is on until turned off.
    expect((await get()).body).toEqual({ announcement: true, round_result: false, funding: true });
    expect(await t.services.notifications.settingsFor(user.id)).toEqual({
      announcement: true,
      round_result: false,
      funding: true,
    });

    const changed = await put({ announcement: false, funding: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ announcement: false, round_result: false, funding: false });
    expect(heard).toContainEqual({ channel: 'settings', userId: user.id, announcements: false });
    expect((await put({ round_result: true })).body).toEqual({
      announcement: false,
      round_result: true,
      funding: false,
    });
    expect((await put({ announcement: true })).body).toEqual({
      announcement: true,
      round_result: true,
      funding: false,
    });
    expect(heard.filter((event) => event.channel === 'settings' && event.userId === user.id)).toEqual([
      { channel: 'settings', userId: user.id, announcements: false },
      { channel: 'settings', userId: user.id, announcements: false },
      { channel: 'settings', userId: user.id, announcements: true },
    ]);
    expect((await get()).body).toEqual({ announcement: true, round_result: true, funding: false });
    expect(await t.services.notifications.settingsFor(user.id)).toEqual({
      announcement: true,
      round_result: true,
      funding: false,
    });

    for (const bad of [{ announcement: 'no' }, { sound: true }, { funding: null }, [true]]) {
      const response = await put(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await get()).body).toEqual({ announcement: true, round_result: true, funding: false });
    expect((await call(t, 'GET', '/notification-settings')).status).toBe(401);
    expect((await call(t, 'PUT', '/notification-settings', { body: { funding: true } })).status).toBe(401);
  });

  it('stores a funding decision as a personal notification, in the reader’s language, pushed once', async () => {
    const user = await quickUser(t);
    // The language the user last read in is the one pushes use.
    expect((await list(t, user, '', 'zh-CN')).status).toBe(200);
    const deposit = await offlineDeposit(t, user, 12_345);
    expect(deposit.status).toBe(201);
    const { reference } = deposit.body as typeof deposit.body & { reference: string };
    expect(reference).toMatch(/^D/);

    publishFunding(t, user.id, 'deposit', deposit.body.id, 'pending'); // not final: nothing
    publishFunding(t, user.id, 'deposit', deposit.body.id, 'approved');
    publishFunding(t, user.id, 'deposit', deposit.body.id, 'approved'); // told twice: stored and pushed once
    await t.services.notifications.drain();

    const english = await list(t, user, '?scope=personal', 'en');
    expect(english.body.items).toHaveLength(1);
    expect(english.body.items[0]).toMatchObject({
      audience: 'user',
      category: 'funding',
      title: 'Recharge credited',
      content: `Your recharge ${reference} of $123.45 has been credited to your balance.`,
      read: false,
    });
    const japanese = await list(t, user, '?scope=personal', 'ja-JP');
    expect(japanese.body.items[0]).toMatchObject({
      title: '入金が反映されました',
      content: `入金 ${reference}（$123.45）が残高に反映されました。`,
    });
    // The last list was read in Japanese, but the push went out when Chinese was the last language.
    expect(noticesFor(heard, user.id)).toEqual([
      { type: 'gaogaoasx', content: `您的充值 ${reference}（$123.45）已存入您的余额。`, uid: user.id },
    ]);
  });

  it('hears a real decision: an operator rejecting a deposit notifies its owner with the reason', async () => {
    const user = await quickUser(t);
    const deposit = await offlineDeposit(t, user, 5_000);
    const { reference } = deposit.body as typeof deposit.body & { reference: string };
    const rejected = await call(t, 'POST', `/admin/deposits/${deposit.body.id}/reject`, {
      token: operator,
      body: { reason: 'No matching transfer' },
    });
    expect(rejected.status).toBe(200);
    await t.services.notifications.drain();

    const page = await list(t, user, '?scope=personal');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({
      category: 'funding',
      title: 'Recharge rejected',
      content: `Your recharge ${reference} of $50.00 was rejected. Reason: No matching transfer`,
    });
    expect(noticesFor(heard, user.id)).toEqual([
      {
        type: 'gaogaoasx',
        content: `Your recharge ${reference} of $50.00 was rejected. Reason: No matching transfer`,
        uid: user.id,
      },
    ]);
  });

  it('stores but does not push funding decisions when the funding setting is off', async () => {
    const quiet = await quickUser(t);
    const loud = await quickUser(t);
    await credit(t, quiet.id, 50_000);
    await credit(t, loud.id, 50_000);
    const withdrawals: Record<string, string> = {};
    for (const user of [quiet, loud]) {
      const card = await bindCard(t, user);
      const response = await call<{ id: string }>(t, 'POST', '/withdrawals', {
        token: user.token,
        body: {
          amount: 20_000,
          destinationType: 'bank_card',
          destinationId: card,
          paymentPassword: PAYMENT_PASSWORD,
          idempotencyKey: newKey(),
        },
      });
      expect(response.status).toBe(201);
      withdrawals[user.id] = response.body.id;
    }
    const off = await call(t, 'PUT', '/notification-settings', {
      token: quiet.token,
      body: { funding: false },
    });
    expect(off.status).toBe(200);

    for (const user of [quiet, loud])
      publishFunding(t, user.id, 'withdrawal', withdrawals[user.id] ?? '', 'paid');
    // Someone else's order id never makes a notification for this user.
    publishFunding(t, loud.id, 'withdrawal', withdrawals[quiet.id] ?? '', 'rejected');
    await t.services.notifications.drain();

    for (const user of [quiet, loud]) {
      const page = await list(t, user, '?scope=personal');
      expect(page.body.items).toHaveLength(1);
      expect(page.body.items[0]).toMatchObject({
        category: 'funding',
        title: 'Withdrawal paid',
        read: false,
      });
      expect(page.body.items[0]?.content).toContain('$200.00');
    }
    expect(noticesFor(heard, quiet.id)).toEqual([]);
    expect(noticesFor(heard, loud.id)).toHaveLength(1);
    expect(noticesFor(heard, loud.id)[0]).toMatchObject({ type: 'gaogaoasx', uid: loud.id });
  });
});

describe.each(DRIVERS)('round result pushes on %s', (driver) => {
  let t: TestApp;
  let heard: DomainEvent[];
  beforeAll(async () => {
    t = await createTestApp({ driver });
    heard = listen(t);
  });
  afterAll(async () => {
    await t?.services.notifications.drain();
    await t?.close();
  });

  it('pushes their result to each participant who asked for round results, and stores nothing', async () => {
    const keen = await quickUser(t);
    const quiet = await quickUser(t);
    const unasked = await quickUser(t);
    const onlooker = await quickUser(t);
    for (const user of [keen, quiet, unasked]) await credit(t, user.id, 10_000);
    for (const [user, wanted] of [
      [keen, true],
      [quiet, false],
    ] as const) {
      const set = await call(t, 'PUT', '/notification-settings', {
        token: user.token,
        body: { round_result: wanted },
      });
      expect(set.status).toBe(200);
    }
    const stored = await countRows(t, 'notifications');

    const round = await openRound(t, await roomId(t, 'normal'));
    for (const user of [keen, quiet, unasked]) {
      expect((await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 1_000)).status).toBe(
        201,
      );
      expect((await place(t, user, round.id, { category: 'both_sides', type: 'short' }, 500)).status).toBe(
        201,
      );
    }
    await finishRound(t, round);
    await t.services.notifications.drain();

    const settled = await t.database.kysely
      .selectFrom('rounds')
      .select(['status', 'digits', 'sum'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('settled');
    const payout = await t.database.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.sum<string>('payout').as('total'))
      .where('round_id', '=', round.id)
      .where('user_id', '=', keen.id)
      .executeTakeFirstOrThrow();
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

    const pushes = noticesFor(heard, keen.id);
    expect(pushes).toEqual([
      {
        type: 'gaogaoasx',
        content:
          `Round ${round.issue} settled: ${settled.digits?.join(' + ')} = ${settled.sum}. ` +
          `You staked $15.00 and received ${money(Number(payout.total ?? 0))}.`,
        uid: keen.id,
      },
    ]);
    expect(noticesFor(heard, quiet.id)).toEqual([]);
    // Never asked: round results are opt-in.
    expect(noticesFor(heard, unasked.id)).toEqual([]);
    expect(noticesFor(heard, onlooker.id)).toEqual([]);
    expect(await countRows(t, 'notifications')).toBe(stored);
  });
});
