/**
 * Shared locations in customer service: a user shares a point (with a name and address if given), reads it
 * back in their conversation, and operators see it in the inbox. Out-of-range points, oversize names and
 * addresses, and strangers are refused and write nothing; a retried key makes one row.
 */
import type { SupportMessage } from '@tradehall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  countRows,
  createTestApp,
  DRIVERS,
  type ErrorJson,
  type TestApp,
} from '../../../test/harness.ts';
import { type MoneyUser, newKey, operatorToken, quickUser } from '../../../test/money.ts';

interface MessagePage {
  items: SupportMessage[];
  nextCursor: string | null;
}
interface ThreadPage {
  items: Array<{ userId: string; lastText: string; lastKind: string; awaitingReply: number }>;
}

const STATION = { lat: 48.8443, lng: 2.3744, name: 'Gare de Lyon', address: 'Place Louis-Armand, Paris' };

function share(t: TestApp, user: MoneyUser | null, location: unknown, key = newKey()) {
  return call<SupportMessage & ErrorJson>(t, 'POST', '/support/messages/location', {
    ...(user ? { token: user.token } : {}),
    body: { location, idempotencyKey: key },
  });
}

describe.each(DRIVERS)('shared locations in customer service on %s', (driver) => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a shared point with its name and address and shows it in the conversation', async () => {
    const user = await quickUser(t, { prefix: 'loc' });
    const shared = await share(t, user, { ...STATION, name: `  ${STATION.name} ` });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({
      author: 'user',
      kind: 'location',
      text: '',
      location: STATION,
    });
    t.clock.advanceSeconds(1);
    const bare = await share(t, user, { lat: -33.8568, lng: 151.2153, name: '   ' });
    expect(bare.body.location).toEqual({ lat: -33.8568, lng: 151.2153, name: null, address: null });

    const page = await call<MessagePage>(t, 'GET', '/support/messages', { token: user.token });
    expect(page.body.items.map((m) => [m.kind, m.location?.name ?? null])).toEqual([
      ['location', null],
      ['location', STATION.name],
    ]);
  });

  it('accepts the edges of the range and refuses points outside it, writing nothing', async () => {
    const user = await quickUser(t, { prefix: 'loc' });
    for (const edge of [
      { lat: 90, lng: 180 },
      { lat: -90, lng: -180 },
    ]) {
      expect((await share(t, user, edge)).status, JSON.stringify(edge)).toBe(201);
    }
    const before = await countRows(t, 'support_messages');
    const bad: Array<[unknown, string]> = [
      [{ lat: 90.0001, lng: 0 }, 'location.lat'],
      [{ lat: -91, lng: 0 }, 'location.lat'],
      [{ lat: 0, lng: 180.5 }, 'location.lng'],
      [{ lat: 0, lng: -181 }, 'location.lng'],
      [{ lat: '48.8', lng: 2.3 }, 'location.lat'],
      [{ lng: 2.3 }, 'location.lat'],
      [{ lat: 1, lng: 2, altitude: 3 }, 'location.altitude'],
    ];
    for (const [location, path] of bad) {
      const response = await share(t, user, location);
      expect(response.status, JSON.stringify(location)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.details?.map((detail) => detail.path)).toContain(path);
    }
    expect(await countRows(t, 'support_messages')).toBe(before);
  });

  it('refuses a name or address that is too long or holds control characters', async () => {
    const user = await quickUser(t, { prefix: 'loc' });
    const before = await countRows(t, 'support_messages');
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 'n'.repeat(101) }, 'location.name'],
      [{ address: 'a'.repeat(201) }, 'location.address'],
      [{ name: 'line\nbreak' }, 'location.name'],
    ];
    for (const [extra, path] of bad) {
      const response = await share(t, user, { lat: 1, lng: 2, ...extra });
      expect(response.status, path).toBe(400);
      expect(response.body.error.details?.map((detail) => detail.path)).toContain(path);
    }
    expect(await countRows(t, 'support_messages')).toBe(before);
    expect(
      (await share(t, user, { lat: 1, lng: 2, name: 'n'.repeat(100), address: 'a'.repeat(200) })).status,
    ).toBe(201);
  });

  it('makes one row of a retried key and refuses the key for another point', async () => {
    const user = await quickUser(t, { prefix: 'loc' });
    const key = newKey();
    const first = await share(t, user, STATION, key);
    const rows = await countRows(t, 'support_messages');
    const retry = await share(t, user, STATION, key);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await countRows(t, 'support_messages')).toBe(rows);
    const moved = await share(t, user, { ...STATION, lat: 10 }, key);
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
    const asText = await call<ErrorJson>(t, 'POST', '/support/messages', {
      token: user.token,
      body: { text: 'hello', idempotencyKey: key },
    });
    expect(asText.status).toBe(409);
  });

  it('shows the shared location to operators: in the inbox and in the conversation', async () => {
    const user = await quickUser(t, { prefix: 'loc' });
    t.clock.advanceSeconds(60);
    await share(t, user, STATION);
    const listed = await call<ThreadPage>(t, 'GET', '/admin/support/threads?limit=100', { token: operator });
    expect(listed.body.items.find((thread) => thread.userId === user.id)).toMatchObject({
      lastKind: 'location',
      lastText: STATION.name,
      awaitingReply: 1,
    });
    const read = await call<MessagePage>(t, 'GET', `/admin/support/threads/${user.id}/messages`, {
      token: operator,
    });
    expect(read.body.items[0]).toMatchObject({ kind: 'location', location: STATION });
  });

  it('keeps strangers and operators out', async () => {
    const before = await countRows(t, 'support_messages');
    expect((await share(t, null, STATION)).status).toBe(401);
    const asOperator = await call(t, 'POST', '/support/messages/location', {
      token: operator,
      body: { location: STATION, idempotencyKey: newKey() },
    });
    expect([401, 403]).toContain(asOperator.status);
    expect(await countRows(t, 'support_messages')).toBe(before);
  });
});
