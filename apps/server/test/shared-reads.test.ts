/**
 * The public reads served from memory: /rooms, /rooms/:id and /market/overview carry an ETag and answer
 * 304 to a client that has it; a round event on this node refreshes them at once; a signed-in viewer still
 * gets their own entry check on top of the shared list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { quickUser } from './money.ts';
import { credit, openRound, roomId, stepTo } from './trading.ts';

describe.each(DRIVERS)('shared public reads on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  }

  it('answers 304 to If-None-Match and a new ETag once a round moves', async () => {
    const normal = await roomId(t, 'normal');
    const round = await openRound(t, normal);
    for (const url of ['/rooms', '/market/overview', `/rooms/${normal}`]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag;
      expect(typeof etag).toBe('string');
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await get(url, { 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const before = await get('/rooms');
    await stepTo(t, round.sealsAt);
    const after = await get('/rooms');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const sealed = after.json<{ items: Array<{ id: string; currentRound: { status: string } | null }> }>();
    expect(sealed.items.find((room) => room.id === normal)?.currentRound?.status).toBe('sealed');
    expect(
      (await get(`/rooms/${normal}`)).json<{ currentRound: { status: string } }>().currentRound.status,
    ).toBe('sealed');
  });

  it('adds the viewer’s entry check to the shared list, and 404s an unknown room', async () => {
    const user = await quickUser(t, { prefix: 'viewer' });
    await credit(t, user.id, 150_000);
    const auth = { authorization: `Bearer ${user.token}` };
    const list = (await get('/rooms', auth)).json<{
      items: Array<{ tier: string; entryMinimum: number; qualified: boolean; missingForEntry: number }>;
    }>();
    for (const room of list.items) {
      expect(room.qualified).toBe(room.entryMinimum <= 150_000);
      expect(room.missingForEntry).toBe(Math.max(0, room.entryMinimum - 150_000));
    }
    const anonymous = (await get('/rooms')).json<{ items: Array<{ qualified: boolean }> }>();
    expect(anonymous.items.every((room) => !room.qualified)).toBe(true);
    expect((await get('/rooms/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
