/**
 * GET /rounds/:id/public: a round found by its id without a session, however old, shown exactly as its
 * room's list shows it (so no result before the draw and nobody's positions); 404 for an id no round has,
 * 400 for one that is not an id; and counted by the per-IP limit like every other public read.
 */
import { randomInt } from 'node:crypto';
import { type RoundView, roundPageSchema, roundSchema } from '@tradehall/contracts';
import { RECORDS_PAGE_SIZE } from '@tradehall/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, DRIVERS, type ErrorJson, type TestApp } from './harness.ts';
import { quickUser } from './money.ts';
import { credit, finishRound, openRound, place, roomId } from './trading.ts';

/** The per-IP ceiling of this suite: above what its other tests send from the default address. */
const PER_MINUTE = 60;

/** Every round of the room as its public list pages them, newest first. */
async function listedRounds(t: TestApp, room: string): Promise<RoundView[]> {
  const rounds: RoundView[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `?cursor=${cursor}`;
    const page = roundPageSchema.parse((await call(t, 'GET', `/rooms/${room}/rounds${query}`)).body);
    rounds.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rounds;
}

describe.each(DRIVERS)('a round by its id, signed out, on %s', (driver) => {
  let t: TestApp;
  let normal: string;
  /** The room's first round, drawn and settled, with a user's position in it. */
  let oldest: RoundView;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
    normal = await roomId(t, 'normal');
    const user = await quickUser(t);
    await credit(t, user.id, 100_000);
    const first = await openRound(t, normal);
    expect((await place(t, user, first.id, { category: 'both_sides', type: 'long' }, 1_000)).status).toBe(
      201,
    );
    // More rounds after it than the list's first page holds.
    await finishRound(t, first);
    for (let i = 0; i < RECORDS_PAGE_SIZE; i += 1) await finishRound(t, await openRound(t, normal));
    const listed = await listedRounds(t, normal);
    const found = listed.find((round) => round.id === first.id);
    if (!found) throw new Error('the first round is not in its room’s list');
    oldest = found;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers a round beyond the first page of its room’s list, as the list shows it', async () => {
    const firstPage = roundPageSchema.parse((await call(t, 'GET', `/rooms/${normal}/rounds`)).body);
    expect(firstPage.items.map((round) => round.id)).not.toContain(oldest.id);

    const response = await call(t, 'GET', `/rounds/${oldest.id}/public`);
    expect(response.status).toBe(200);
    const round = roundSchema.parse(response.body);
    expect(round).toEqual(oldest);
    expect(round.status).toBe('settled');
    expect(round.digits?.reduce((a, b) => a + b, 0)).toBe(round.sum);
    // Only the round: the signed-in detail's positions are not in it, with or without a token.
    expect(response.body).not.toHaveProperty('myPositions');
    const user = await quickUser(t);
    const withToken = await call(t, 'GET', `/rounds/${oldest.id}/public`, { token: user.token });
    expect(withToken.body).toEqual(response.body);
  });

  it('shows an open round without its result, as its room does', async () => {
    const open = await openRound(t, normal);
    const response = await call(t, 'GET', `/rounds/${open.id}/public`);
    expect(response.status).toBe(200);
    const round = roundSchema.parse(response.body);
    expect(round).toMatchObject({ id: open.id, status: 'open', hash: null, digits: null, sum: null });
    const room = await call<{ currentRound: RoundView | null }>(t, 'GET', `/rooms/${normal}`);
    expect(room.body.currentRound).toEqual(round);
  });

  it('answers 404 for an id no round has, and 400 for one that is not an id', async () => {
    const unknown = await call<ErrorJson>(t, 'GET', `/rounds/${crypto.randomUUID()}/public`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    // A room's id is not a round's.
    expect((await call<ErrorJson>(t, 'GET', `/rounds/${normal}/public`)).status).toBe(404);

    for (const malformed of ['not-a-round', '12345', `${oldest.id}x`]) {
      const response = await call<ErrorJson>(t, 'GET', `/rounds/${malformed}/public`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is counted by the per-IP limit of public reads', async () => {
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const from = async (address: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/rounds/${oldest.id}/public`,
          remoteAddress: address,
        })
      ).statusCode;
    for (let i = 0; i < PER_MINUTE; i += 1) expect(await from(ip)).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${API}/rounds/${oldest.id}/public`,
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect((JSON.parse(refused.body) as ErrorJson).error.code).toBe('RATE_LIMITED');
    // Another address is still answered.
    expect(await from(`${ip.split('.').slice(0, 3).join('.')}.0`)).toBe(200);
  });
});
