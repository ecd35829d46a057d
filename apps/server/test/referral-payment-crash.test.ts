/**
 * The daily referral payment survives a crash and a second node (real PostgreSQL only): a server process
 * pays a day in chunks with a test-only pause inside each chunk's transaction and is SIGKILLed while the
 * second chunk is open — the first chunk stays paid, nothing of the second survives. Two new processes
 * on the same database (two schedulers) then pay the rest concurrently: every referrer is paid exactly
 * once per level, the day is marked paid, and the ledger balances.
 */
import { randomUUID } from 'node:crypto';
import { addDays, businessDay } from '@tradehall/domain';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.ts';
import { type Database, openPostgres } from '../src/platform/db/database.ts';
import { createLogger } from '../src/platform/logger.ts';
import {
  freshPostgresDatabase,
  type Node,
  startNode,
  TEST_DATABASE_URL,
  tempDir,
} from './operations-support.ts';
import { waitFor } from './pg-cluster.ts';

const REFERRERS = 20;
const CHUNK = 5;
/** 10^9 edge units are $100 of expected edge (10^5 units a cent); at 25 % that is $25 per referrer. */
const EDGE_UNITS = 1_000_000_000;
const REWARD = 2_500;
const WAIT_MS = 90_000;

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe.runIf(TEST_DATABASE_URL)('a referral payment killed mid-way, then run by two nodes', () => {
  const nodes: Node[] = [];
  const dataDirs: Array<{ remove(): void }> = [];
  let scratch: { url: string; drop(): Promise<void> } | null = null;
  let database: Database | null = null;

  afterAll(async () => {
    for (const node of nodes) if (node.process.child.exitCode === null) node.process.child.kill('SIGKILL');
    await database?.close();
    await scratch?.drop().catch(() => undefined);
    for (const dir of dataDirs) dir.remove();
  });

  async function node(databaseUrl: string, extra: Record<string, string>): Promise<Node> {
    const dataDir = tempDir('tradehall-refcrash-');
    dataDirs.push(dataDir);
    const started = await startNode({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir.dir,
      LOG_LEVEL: 'info',
      REFERRAL_PAY_CHUNK: String(CHUNK),
      REFERRAL_PAY_CHECK_MS: '200',
      ...extra,
    });
    nodes.push(started);
    return started;
  }

  it('pays every referrer exactly once', async () => {
    scratch = await freshPostgresDatabase('tradehall_refcrash');
    database = openPostgres(scratch.url, createLogger('silent'));
    const db = database.kysely;

    const first = await node(scratch.url, { TEST_REFERRAL_PAY_PAUSE_MS: '1500' });

    // Yesterday's figures for REFERRERS referrers, written at once (the pay loop may look at any time).
    const yesterday = addDays(businessDay(new Date()), -1);
    const ids = Array.from({ length: REFERRERS }, () => randomUUID());
    await db.transaction().execute(async (trx) => {
      await sql`insert into referral_programmes (effective_from, mode, level1_rate_bps, level2_rate_bps,
          daily_cap, changed_at)
        values ('2000-01-01', 'two_levels', 2500, 500, 1000000, now())`.execute(trx);
      for (const id of ids) {
        await sql`insert into users (id, username, password_hash, nickname, invitation_code, created_at, updated_at)
          values (${id}, ${`r${id.slice(0, 12)}`}, 'x', 'r', ${id.slice(0, 8).toUpperCase()}, now(), now())`.execute(
          trx,
        );
        await sql`insert into ledger_accounts (kind, user_id) values ('user_cash', ${id})`.execute(trx);
        await sql`insert into referral_accruals (day, referrer_id, level, turnover, edge_units, invitees)
          values (${yesterday}, ${id}, 1, 100000, ${EDGE_UNITS}, 1)`.execute(trx);
      }
    });

    const paused = 'test pause inside a referral payment';
    await waitFor(
      'the second chunk to be open',
      () => occurrences(first.process.output(), paused) >= 2,
      WAIT_MS,
    );
    first.process.child.kill('SIGKILL');
    await first.process.exited;

    const rewards = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from referral_rewards`.execute(db)).rows[0]?.n;
    const transfers = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ledger_transfers where code = 'referral'`.execute(db)
      ).rows[0]?.n;
    // The first chunk committed; nothing of the second survived.
    expect(await rewards()).toBe(CHUNK);
    expect(await transfers()).toBe(CHUNK);

    // Two nodes, two schedulers, at once.
    const [second, third] = await Promise.all([node(scratch.url, {}), node(scratch.url, {})]);
    await waitFor(
      'the day to be paid',
      async () => {
        const row = await sql<{
          n: number;
        }>`select count(*)::int as n from referral_pay_days where day = ${yesterday}`.execute(db);
        return row.rows[0]?.n === 1;
      },
      WAIT_MS,
    );
    expect(await rewards()).toBe(REFERRERS);
    expect(await transfers()).toBe(REFERRERS);
    const balances = await db
      .selectFrom('ledger_accounts')
      .select(['user_id', 'balance'])
      .where('user_id', 'in', ids)
      .execute();
    expect(balances.map((row) => row.balance)).toEqual(ids.map(() => REWARD));
    const audit = await auditLedger(db, new Date());
    expect(audit).toMatchObject({ ok: true, totalOfBalances: 0, mismatches: [], negativeUserBalances: 0 });

    for (const node of [second, third]) node.process.child.kill('SIGTERM');
    expect(await second.process.exited).toBe(0);
    expect(await third.process.exited).toBe(0);
  }, 300_000);
});
