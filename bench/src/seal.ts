/**
 * Sealing a round of 100,000 positions on real PostgreSQL, with the positions root (decision 0028) and,
 * beside it in the same run, the bare seal (the status UPDATE alone, as before the root existed). Both
 * run the server's own code in one transaction each: RoundsRepository.seal, then for the root
 * PositionProofsService.commit (every position's leaf hash made in SQL, the tree's nodes hashed with
 * node:crypto, decision 0037) and setPositionsRoot. Alternated, five times each, medians printed. Bar: under 1 s.
 * Beside the times, the CPU each seal cost: this process (process.cpuUsage) and the PostgreSQL backend
 * that ran the transaction (/proc/<pid>/schedstat, when the server runs on this machine). On a machine
 * shared with other busy processes the wall time grows with the load; the CPU time much less.
 * Run: `npm run bench:seal` with DATABASE_URL or TEST_DATABASE_URL set; works in a scratch database.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { LedgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { PositionProofsRepository } from '../../apps/server/src/modules/position-proofs/position-proofs.repository.ts';
import { PositionProofsService } from '../../apps/server/src/modules/position-proofs/position-proofs.service.ts';
import { RoundsRepository } from '../../apps/server/src/modules/rounds/rounds.repository.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openPostgres } from '../../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.ts';
import { createLogger } from '../../apps/server/src/platform/logger.ts';
import { createScratchDatabase, databaseUrl, dropScratchDatabase, withClient } from './pg-scratch.ts';
import { seedPositions } from './seed-positions.ts';

const POSITIONS = Number(process.env.BENCH_SEAL_POSITIONS ?? 100_000);
const RUNS = 5;
const BAR_MS = 1_000;

const name = await createScratchDatabase('tradehall_bench_seal');
const url = databaseUrl(name);
// One connection, so the backend that runs each seal is the one whose pid was asked just before.
const database = openPostgres(url, createLogger('silent'), { poolSize: 1 });
const db = database.kysely;
try {
  await migrateToLatest(db);
  const roundId = crypto.randomUUID();
  // An open round past its seal time, on a chain of its own (the seal reads neither).
  await sql`
    with room as (select id from rooms where tier = 'normal'),
    chain as (
      insert into fairness_chains (id, room_id, seed, salt, terminal_hash, length, next_index, created_at)
      select gen_random_uuid(), id, repeat('ab', 32), 'bench', repeat('cd', 32), 2, 2, now() from room
      returning id, room_id
    )
    insert into rounds (id, room_id, chain_id, chain_index, issue, sequence, status, opens_at, seals_at,
      draws_at, settles_at, commitment, created_at)
    select ${roundId}::uuid, room_id, id, 1, '209901010001', 1, 'open', now() - interval '2 minutes',
      now() - interval '1 minute', now() + interval '1 hour', now() + interval '2 hours', repeat('cd', 32),
      now() - interval '2 minutes'
    from chain
  `.execute(db);
  await withClient(url, async (client) => {
    await client.query('begin');
    await seedPositions(client, roundId, POSITIONS, 1_000);
    await client.query('commit');
    await client.query('analyze');
  });

  const rounds = new RoundsRepository();
  const proofs = new PositionProofsService({
    db,
    repository: new PositionProofsRepository(),
    ledger: new LedgerService({ db, repository: new LedgerRepository(), clock: systemClock }),
    clock: systemClock,
  });
  const reopen = () =>
    db
      .updateTable('rounds')
      .set({ status: 'open', positions_root: null, positions_count: null, positions_version: null })
      .where('id', '=', roundId)
      .execute();
  /** CPU time a process has run, in ms, or null when it cannot be read (the server is elsewhere). */
  function processCpuMs(pid: number): number | null {
    try {
      return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return null;
    }
  }
  interface Sample {
    ms: number;
    nodeCpuMs: number;
    postgresCpuMs: number | null;
  }
  async function seal(withRoot: boolean): Promise<Sample> {
    await reopen();
    const backend = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const pid = backend.rows[0]?.pid ?? 0;
    const postgresBefore = processCpuMs(pid);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      if (!(await rounds.seal(trx, roundId, 'sealed', new Date()))) throw new Error('not sealed');
      if (withRoot) await rounds.setPositionsRoot(trx, roundId, await proofs.commit(trx, roundId));
    });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const postgresAfter = processCpuMs(pid);
    return {
      ms,
      nodeCpuMs: (used.user + used.system) / 1000,
      postgresCpuMs:
        postgresBefore === null || postgresAfter === null ? null : postgresAfter - postgresBefore,
    };
  }
  await seal(true); // warm: plans, compiled code
  const bare: Sample[] = [];
  const rooted: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    bare.push(await seal(false));
    rooted.push(await seal(true));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const withRoot = median(rooted.map((sample) => sample.ms));
  const without = median(bare.map((sample) => sample.ms));
  const cpuOf = (samples: Sample[]) => {
    const node = median(samples.map((sample) => sample.nodeCpuMs));
    const postgres = samples.every((sample) => sample.postgresCpuMs !== null)
      ? median(samples.map((sample) => sample.postgresCpuMs ?? 0))
      : null;
    return postgres === null
      ? `node ${node.toFixed(0)} ms (postgres n/a: not on this machine)`
      : `node ${node.toFixed(0)} ms + postgres ${postgres.toFixed(0)} ms = ${(node + postgres).toFixed(0)} ms`;
  };
  const stored = await db
    .selectFrom('rounds')
    .select(['positions_count'])
    .where('id', '=', roundId)
    .executeTakeFirst();
  console.log(
    `seal of ${POSITIONS.toLocaleString('en')} positions (root over ${stored?.positions_count ?? '?'} leaves): ` +
      `${withRoot.toFixed(0)} ms with the root | ${without.toFixed(0)} ms without (the bare UPDATE) | ` +
      `${(withRoot / Math.max(without, 0.001)).toFixed(1)}x | bar ${BAR_MS} ms ${withRoot < BAR_MS ? 'ok' : 'ABOVE'}` +
      ' (medians of 5; machine shared with other engineers)',
  );
  console.log(`cpu of the seal with the root: ${cpuOf(rooted)} | without: ${cpuOf(bare)} (medians of 5)`);
  process.exitCode = withRoot < BAR_MS ? 0 : 1;
} finally {
  await database.close();
  await dropScratchDatabase(name);
}
