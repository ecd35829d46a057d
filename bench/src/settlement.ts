/**
 * Settlement time on real PostgreSQL (DESIGN §9): a round of 10,000 and one of 100,000 positions, spread
 * over 1,000 users and every bet type, each with its stake already in escrow, settled by the server's own
 * SettlementService (one transaction, set-based), then published as the engine does and delivered over the
 * real realtime gateway to every participant and 1,000 watchers (settlement-broadcast.ts). Bars, broadcast
 * included: under 250 ms and under 3 s. Beside it, the raw-SQL floor: the same rows written by one
 * hand-written statement (settlement-floor.ts) on an identical round. The ledger invariant is checked after
 * each. Run: `npm run bench:settlement` with DATABASE_URL or TEST_DATABASE_URL set.
 * Works in a scratch database that it drops at the end.
 */
import { randomBytes } from 'node:crypto';
import {
  allBets,
  buildChain,
  digitSum,
  drawDigits,
  issueNumber,
  multiplierHundredths,
} from '@tradehall/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { LedgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { auditLedger } from '../../apps/server/src/modules/ledger/ledger-audit.ts';
import { PositionsRepository } from '../../apps/server/src/modules/positions/positions.repository.ts';
import { RoundsRepository } from '../../apps/server/src/modules/rounds/rounds.repository.ts';
import { SettlementService } from '../../apps/server/src/modules/rounds/settlement.service.ts';
import { TrendsRepository } from '../../apps/server/src/modules/rounds/trends.repository.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openPostgres } from '../../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.ts';
import { createLogger } from '../../apps/server/src/platform/logger.ts';
import { settlementBroadcast } from './settlement-broadcast.ts';
import { settleWithRawSql } from './settlement-floor.ts';

const baseUrl = process.env.DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
if (!baseUrl) {
  console.error(
    'Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (a scratch database is made there).',
  );
  process.exit(1);
}

const USERS = 1_000;
const CASES: Array<[positions: number, barMs: number]> = [
  [10_000, 250],
  [100_000, 3_000],
];
const EDGE_BPS = 200;
/** Watchers of the room's round topic besides the participants' own connections. */
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1_000);
/** Position ids as the server makes them (UUID v7: time-ordered), here one millisecond apart. */
const timeOrderedId = sql`encode(overlay(uuid_send(gen_random_uuid())
  placing substring(int8send((extract(epoch from now()) * 1000)::bigint + g) from 3) from 1 for 6), 'hex')::uuid`;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const name = `tradehall_bench_settle_${randomBytes(4).toString('hex')}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;
await admin(`create database "${name}"`);
const logger = createLogger('silent');
const database = openPostgres(url.toString(), logger);
const db = database.kysely;

try {
  await migrateToLatest(db);
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('tier', '=', 'normal')
    .executeTakeFirstOrThrow();

  // 1,000 users with cash accounts, each credited by the house (as an operator adjustment would).
  await sql`
    insert into users (username, password_hash, nickname, invitation_code, created_at, updated_at)
    select 'bench' || g, 'x', 'bench' || g, 'B' || g, now(), now() from generate_series(1, ${USERS}) g
  `.execute(db);
  await sql`insert into ledger_accounts (kind, user_id) select 'user_cash', id from users`.execute(db);
  await sql`
    insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
      idempotency_key, created_at)
    select h.id, a.id, 1000000000, 'adjustment', 'bench', a.id::text, 'bench:' || a.id, now()
    from ledger_accounts a join ledger_accounts h on h.kind = 'house' where a.kind = 'user_cash'
  `.execute(db);
  await sql`update ledger_accounts set balance = 1000000000 where kind = 'user_cash'`.execute(db);

  const bets = allBets();
  const multipliers = bets.map((bet) => multiplierHundredths(bet, EDGE_BPS));
  const categories = bets.map((bet) => bet.category);
  const types = bets.map((bet) => (bet.category === 'both_sides' ? bet.type : null));
  const numbers = bets.map((bet) => (bet.category === 'special_number' ? bet.number : null));

  const settlement = new SettlementService({
    db,
    rounds: new RoundsRepository(),
    positions: new PositionsRepository(),
    trends: new TrendsRepository(),
    ledger: new LedgerService({ db, repository: new LedgerRepository(), clock: systemClock }),
    clock: systemClock,
    logger,
  });

  /** A drawn round whose settlement time has come, with `count` positions whose stakes are in escrow. */
  async function drawnRound(sequence: number, count: number): Promise<{ roundId: string; sum: number }> {
    // A drawn round whose settlement time has come, on its own chain.
    const seed = randomBytes(32).toString('hex');
    const chain = buildChain(seed, 2);
    const chainId = crypto.randomUUID();
    const salt = randomBytes(16).toString('hex');
    await db
      .insertInto('fairness_chains')
      .values({
        id: chainId,
        room_id: room.id,
        seed,
        salt,
        terminal_hash: chain.terminalHash,
        length: 2,
        next_index: 2,
        created_at: new Date(),
      })
      .execute();
    const opensAt = Math.floor(Date.now() / 1000) - 120;
    const issue = issueNumber(opensAt, sequence);
    const hash = chain.roundHashes[0] ?? '';
    const digits = drawDigits(hash, salt, issue);
    const roundId = crypto.randomUUID();
    await db
      .insertInto('rounds')
      .values({
        id: roundId,
        room_id: room.id,
        chain_id: chainId,
        chain_index: 1,
        issue,
        sequence,
        status: 'drawing',
        opens_at: new Date(opensAt * 1000),
        seals_at: new Date((opensAt + 50) * 1000),
        draws_at: new Date((opensAt + 60) * 1000),
        settles_at: new Date((opensAt + 63) * 1000),
        settled_at: null,
        commitment: chain.terminalHash,
        hash,
        digits,
        sum: digitSum(digits),
        created_at: new Date(opensAt * 1000),
      })
      .execute();

    // The positions, with their stakes moved to escrow (as placement does), spread over users and bets.
    await sql`
      insert into positions (id, round_id, room_id, user_id, account_id, bet_category, bet_type, bet_number,
        amount, multiplier, status, created_at)
      select ${timeOrderedId}, ${roundId}, ${room.id}, a.user_id, a.id,
        (${categories}::text[])[1 + g % ${bets.length}], (${types}::text[])[1 + g % ${bets.length}],
        (${numbers}::smallint[])[1 + g % ${bets.length}], 100 + (g * 7919) % 99901,
        (${multipliers}::int[])[1 + g % ${bets.length}], 'open', now()
      from generate_series(1, ${count}) g
      join (select id, user_id, row_number() over (order by id) as n from ledger_accounts where kind = 'user_cash') a
        on a.n = 1 + g % ${USERS}
    `.execute(db);
    await sql`
      insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
        idempotency_key, created_at)
      select p.account_id, e.id, p.amount, 'stake', 'position', p.id::text, 'position:' || p.id || ':stake', now()
      from positions p join ledger_accounts e on e.kind = 'stakes_escrow' where p.round_id = ${roundId}
    `.execute(db);
    await sql`
      update ledger_accounts a set balance = a.balance - s.total
      from (select account_id, sum(amount) as total from positions where round_id = ${roundId} group by account_id) s
      where a.id = s.account_id
    `.execute(db);
    await sql`analyze`.execute(db);
    return { roundId, sum: digitSum(digits) };
  }

  const userIds = (await db.selectFrom('users').select('id').execute()).map((row) => row.id);
  const broadcast = await settlementBroadcast({
    db,
    rounds: new RoundsRepository(),
    roomId: room.id,
    userIds,
    watchers: WATCHERS,
    turnoverMultiplier: 1,
    logger,
  });
  const floorClient = new pg.Client({ connectionString: url.toString() });
  await floorClient.connect();
  try {
    // A small round first, settled and told both ways, so no measured case pays for first-use costs
    // (query plans, compiled code, the gateway's first frames).
    const warm = await drawnRound(100, 200);
    await settlement.settle(warm.roundId);
    await broadcast.deliver(warm.roundId);
    const warmFloor = await drawnRound(101, 200);
    await settleWithRawSql(floorClient, warmFloor.roundId, warmFloor.sum);
    for (const [index, [count, barMs]] of CASES.entries()) {
      const service = await drawnRound(2 * index + 1, count);
      const floor = await drawnRound(2 * index + 2, count);

      const started = performance.now();
      const outcome = await settlement.settle(service.roundId);
      const settledMs = performance.now() - started;
      const deliveredMs = await broadcast.deliver(service.roundId);
      const ms = settledMs + deliveredMs;
      if (outcome?.positions !== count)
        throw new Error(`settled ${outcome?.positions ?? 0} of ${count} positions`);

      const floorStarted = performance.now();
      const floorPositions = await settleWithRawSql(floorClient, floor.roundId, floor.sum);
      const floorMs = performance.now() - floorStarted;
      if (floorPositions !== count) throw new Error(`the floor settled ${floorPositions} of ${count}`);
      const audit = await auditLedger(db, new Date());
      if (!audit.ok) throw new Error(`ledger invariant broken: ${JSON.stringify(audit)}`);
      console.log(
        `settle a round of ${count.toLocaleString('en-US')} positions and tell everyone: ${ms.toFixed(0)} ms ` +
          `(bar < ${barMs.toLocaleString('en-US')} ms, broadcast included) ${ms < barMs ? 'PASS' : 'FAIL'}\n` +
          `  the settlement ${settledMs.toFixed(0)} ms (${outcome.transfers.toLocaleString('en-US')} transfers), ` +
          `then the round to ${WATCHERS.toLocaleString('en-US')} watchers and round.outcome to ` +
          `${userIds.length.toLocaleString('en-US')} participants over /ws ${deliveredMs.toFixed(0)} ms\n` +
          `  raw-SQL floor (one hand-written statement, same rows): ${floorMs.toFixed(0)} ms; ` +
          `the settlement is ${(settledMs / floorMs).toFixed(2)}x of it; ledger invariant ok`,
      );
    }
  } finally {
    await floorClient.end();
    await broadcast.close();
  }
} finally {
  await database.close();
  await admin(`drop database if exists "${name}" with (force)`);
}
