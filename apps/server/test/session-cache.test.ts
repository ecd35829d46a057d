/**
 * The session cache (SESSION_CACHE_MS): a checked session is trusted for a moment without a query, which
 * the position hot path needs. A revocation on the same node takes effect at once (logout, revoking one
 * session, a password reset); on another node within SESSION_CACHE_MS; with 0 there is no cache at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createServices } from '../src/services.ts';
import { call, createTestApp, type TestApp } from './harness.ts';
import { quickUser } from './money.ts';

describe('the session cache', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
    // A second node on the same database, with its own cache.
    const services = createServices({
      config: t.config,
      database: t.database,
      clock: t.clock,
      hasher: t.hasher,
      mailer: t.mailer,
      logger: createLogger('silent'),
    });
    const { app } = await buildApp({ config: t.config, services, logger: createLogger('silent') });
    await app.ready();
    other = { ...t, app, services };
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('refuses a logged-out or revoked session at once on the node that revoked it', async () => {
    const user = await quickUser(t);
    expect((await call(t, 'GET', '/me', { token: user.token })).status).toBe(200);
    expect((await call(t, 'POST', '/auth/logout', { token: user.token })).status).toBeLessThan(300);
    expect((await call(t, 'GET', '/me', { token: user.token })).status).toBe(401);

    const a = await quickUser(t);
    const second = await t.services.sessions.create(a.id, { ip: null, userAgent: null });
    expect((await call(t, 'GET', '/me', { token: second.token })).status).toBe(200);
    const sessions = await call<{ sessions: Array<{ id: string; current: boolean }> }>(
      t,
      'GET',
      '/auth/sessions',
      {
        token: a.token,
      },
    );
    const target = sessions.body.sessions.find((session) => !session.current);
    expect((await call(t, 'DELETE', `/auth/sessions/${target?.id}`, { token: a.token })).status).toBe(200);
    expect((await call(t, 'GET', '/me', { token: second.token })).status).toBe(401);
  });

  it('lets another node notice a revocation within SESSION_CACHE_MS', async () => {
    const user = await quickUser(t);
    expect((await call(other, 'GET', '/me', { token: user.token })).status).toBe(200);
    expect((await call(t, 'POST', '/auth/logout', { token: user.token })).status).toBeLessThan(300);
    t.clock.advanceSeconds(t.config.auth.sessionCacheMs / 1000);
    expect((await call(other, 'GET', '/me', { token: user.token })).status).toBe(401);
  });

  it('has no cache with SESSION_CACHE_MS=0', async () => {
    const uncached = await createTestApp({ driver: 'pglite', env: { SESSION_CACHE_MS: '0' } });
    try {
      const user = await quickUser(uncached);
      expect((await call(uncached, 'GET', '/me', { token: user.token })).status).toBe(200);
      await uncached.database.kysely
        .updateTable('sessions')
        .set({ revoked_at: uncached.clock.now() })
        .where('user_id', '=', user.id)
        .execute();
      expect((await call(uncached, 'GET', '/me', { token: user.token })).status).toBe(401);
    } finally {
      await uncached.close();
    }
  });
});
