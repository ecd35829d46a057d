/**
 * Crash in the middle of a settlement (real PostgreSQL only): the server process runs short rounds with
 * a test-only pause inside the settlement transaction; positions are placed over HTTP; the process is
 * SIGKILLed while it is settling; nothing of that settlement survives. A new process on the same
 * database takes over the scheduler, catches the round up and settles it exactly once: each position has
 * exactly its transfers, the escrow is back at zero and the ledger invariant holds.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.ts';
import { type Database, openPostgres } from '../src/platform/db/database.ts';
import { createLogger } from '../src/platform/logger.ts';
import { DEMO } from './harness.ts';
import { freshPostgresDatabase, TEST_DATABASE_URL, tempDir } from './operations-support.ts';
import { freePort, loginOver, request, type ServerProcess, startServer, waitFor } from './pg-cluster.ts';
import { enrolTwoFactorOverHttp } from './two-factor-over-http.ts';

const WAIT_MS = 60_000;

describe.runIf(TEST_DATABASE_URL)('a server killed in the middle of a settlement', () => {
  const running: ServerProcess[] = [];
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  let dataDir: { dir: string; remove(): void } | null = null;
  let database: Database | null = null;

  afterAll(async () => {
    for (const process of running) if (process.child.exitCode === null) process.child.kill('SIGKILL');
    await database?.close();
    await scratch?.drop().catch(() => undefined);
    dataDir?.remove();
  });

  it('settles the round exactly once after a restart, and the ledger balances', async () => {
    scratch = await freshPostgresDatabase('tradehall_crash');
    dataDir = tempDir('tradehall-crash-');
    database = openPostgres(scratch.url, createLogger('silent'));

    const port = await freePort();
    const api = `http://127.0.0.1:${port}/api/v1`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir.dir,
      TRADEHALL_TEST_MODE: 'true',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      ROUND_SECONDS_OVERRIDE: '4',
      SEALED_SECONDS_OVERRIDE: '1',
      DRAWING_SECONDS_OVERRIDE: '1',
    };
    const first = startServer({ ...env, TEST_SETTLEMENT_PAUSE_MS: '60000' });
    running.push(first);
    await waitFor('the banner', () => first.output().includes('Tradehall is running'), WAIT_MS);

    // Fund the demo user through the real deposit flow, then take positions in the normal room.
    const operator = await loginOver(api, '/admin/auth/login', DEMO.operator.account, DEMO.operator.password);
    await enrolTwoFactorOverHttp(api, operator);
    const user = await loginOver(api, '/auth/login', DEMO.user.account, DEMO.user.password);
    const deposit = await request<{ id: string }>(`${api}/deposits`, {
      method: 'POST',
      token: user,
      body: {
        method: 'offline',
        amount: 500_000,
        depositorName: 'Demo',
        idempotencyKey: randomBytes(18).toString('base64url'),
      },
    });
    expect(deposit.status).toBe(201);
    const approved = await request(`${api}/admin/deposits/${deposit.body.id}/approve`, {
      method: 'POST',
      token: operator,
    });
    expect(approved.status).toBe(200);

    type Room = { tier: string; currentRound: { id: string; status: string; sealsAt: number } | null };
    let roundId = '';
    await waitFor(
      'an open round with time left',
      async () => {
        const rooms = (await request<{ items: Room[] }>(`${api}/rooms`)).body.items;
        const current = rooms.find((room) => room.tier === 'normal')?.currentRound;
        if (current?.status !== 'open' || current.sealsAt * 1000 - Date.now() < 1_500) return false;
        roundId = current.id;
        return true;
      },
      WAIT_MS,
    );
    const positions: string[] = [];
    for (const bet of [
      { category: 'both_sides', type: 'long' },
      { category: 'both_sides', type: 'short' },
      { category: 'both_sides', type: 'single' },
      { category: 'both_sides', type: 'double' },
      { category: 'special_number', number: 13 },
      { category: 'special_number', number: 14 },
    ]) {
      const placed = await request<{ id: string }>(`${api}/rounds/${roundId}/positions`, {
        method: 'POST',
        token: user,
        body: { bet, amount: 10_000, idempotencyKey: randomBytes(18).toString('base64url') },
      });
      expect(placed.status).toBe(201);
      positions.push(placed.body.id);
    }

    // Killed while the settlement transaction is open.
    await waitFor(
      'the settlement to start',
      () =>
        first.output().includes(`"roundId":"${roundId}"`) &&
        first.output().includes('test pause inside settlement'),
      WAIT_MS,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const db = database.kysely;
    const round = async () =>
      db
        .selectFrom('rounds')
        .select(['status', 'position_count'])
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow();
    const transfersOf = async () =>
      db
        .selectFrom('ledger_transfers')
        .select(['ref_id', 'idempotency_key', 'code'])
        .where('ref_type', '=', 'position')
        .where('ref_id', 'in', positions)
        .execute();
    // Nothing of the interrupted settlement survived: still drawing, only the stakes in the ledger.
    expect((await round()).status).toBe('drawing');
    expect((await transfersOf()).map((transfer) => transfer.code)).toEqual(positions.map(() => 'stake'));

    const second = startServer(env);
    running.push(second);
    await waitFor(
      'the banner after restart',
      () => second.output().includes('Tradehall is running'),
      WAIT_MS,
    );
    await waitFor('the round to be settled', async () => (await round()).status === 'settled', 30_000);
    expect((await round()).position_count).toBe(positions.length);

    const transfers = await transfersOf();
    for (const id of positions) {
      const keys = transfers
        .filter((transfer) => transfer.ref_id === id)
        .map((transfer) => transfer.idempotency_key.split(':').at(-1))
        .sort();
      expect([
        ['lost', 'stake'],
        ['return', 'stake', 'win'],
      ]).toContainEqual(keys);
    }
    const audit = await auditLedger(db, new Date());
    expect(audit).toMatchObject({ ok: true, totalOfBalances: 0, mismatches: [], negativeUserBalances: 0 });

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
