/**
 * Backups proved by the ledger (decision 0035). A backup is a directory with the database archive and a
 * manifest recording the archive's sha256 and a digest over the ledger (modules/ledger/ledger-digest.ts)
 * read from the very state the archive holds:
 *
 * - PostgreSQL: a repeatable-read transaction exports its snapshot, `pg_dump -Fc --snapshot` dumps
 *   exactly that snapshot while the same transaction reads the digest. Safe while the servers run.
 * - PGlite: the data directory (`dumpDataDir`, a gzipped tar) and the digest inside one transaction that
 *   holds the single connection. While a server runs it owns the directory, so the backup asks that
 *   server (its metrics listener on loopback, POST /backup); otherwise the tool opens the directory.
 *
 * A restore goes into an empty target only, then recomputes the digest and runs the ledger check: it
 * succeeds only if both hold.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { auditLedger } from './modules/ledger/ledger-audit.ts';
import { digestLedger, type LedgerDigest } from './modules/ledger/ledger-digest.ts';
import { createDatabase, type Database, openPostgres, wrapPglite } from './platform/db/database.ts';
import { openPgliteEngine } from './platform/db/pglite-engine.ts';
import type { Logger } from './platform/logger.ts';

const run = promisify(execFile);

export const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: 1;
  driver: 'pglite' | 'postgres';
  createdAt: string;
  /** The archive's file name in the backup directory, and its sha256. */
  archive: string;
  archiveSha256: string;
  ledger: LedgerDigest;
}

export interface Backup {
  dir: string;
  manifest: BackupManifest;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function writeBackup(
  outDir: string,
  driver: BackupManifest['driver'],
  archive: Uint8Array,
  ledger: LedgerDigest,
) {
  const createdAt = new Date().toISOString();
  const dir = path.join(outDir, `tradehall-${driver}-${createdAt.replace(/[:.]/g, '-')}`);
  mkdirSync(dir, { recursive: true });
  const name = driver === 'pglite' ? 'pgdata.tar.gz' : 'database.dump';
  writeFileSync(path.join(dir, name), archive);
  const manifest: BackupManifest = {
    format: 1,
    driver,
    createdAt,
    archive: name,
    archiveSha256: sha256(archive),
    ledger,
  };
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest };
}

/** PGlite: the archive and the digest of one state (a server's own database, or the tool's). */
export async function archivePglite(
  database: Database,
): Promise<{ archive: Uint8Array; ledger: LedgerDigest }> {
  if (!database.archive) throw new Error('not an embedded database');
  const { read, archive } = await database.archive((trx) => digestLedger(trx));
  return { archive: new Uint8Array(await archive.arrayBuffer()), ledger: read };
}

export async function backupPostgres(databaseUrl: string, outDir: string, logger: Logger): Promise<Backup> {
  const database = openPostgres(databaseUrl, logger, { statementTimeoutMs: 0 });
  try {
    const dumpFile = path.join(outDir, `.dump-${process.pid}-${Date.now()}`);
    mkdirSync(outDir, { recursive: true });
    const ledger = await database.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
        const snapshot = rows[0]?.id ?? '';
        // The exporting transaction stays open until pg_dump has taken the snapshot (and finished).
        const dumped = run('pg_dump', ['-Fc', `--snapshot=${snapshot}`, '-f', dumpFile, '-d', databaseUrl], {
          maxBuffer: 16 * 1024 * 1024,
        });
        const digest = await digestLedger(trx);
        await dumped;
        return digest;
      });
    const archive = readFileSync(dumpFile);
    const backup = writeBackup(outDir, 'postgres', archive, ledger);
    rmSync(dumpFile, { force: true });
    return backup;
  } finally {
    await database.close();
  }
}

/** PGlite, the directory not in use: opened (and locked) by this process for the backup. */
export async function backupPgliteDirectly(dataDir: string, outDir: string, logger: Logger): Promise<Backup> {
  const database = await createDatabase({ databaseUrl: null, dataDir }, logger);
  try {
    const { archive, ledger } = await archivePglite(database);
    return writeBackup(outDir, 'pglite', archive, ledger);
  } finally {
    await database.close();
  }
}

/** PGlite, a server running on the directory: it makes the archive (its metrics listener, loopback). */
export async function backupPgliteThroughServer(metricsPort: number, outDir: string): Promise<Backup> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/backup`, { method: 'POST' });
  if (response.status !== 200)
    throw new Error(`the server refused the backup: ${response.status} ${await response.text()}`);
  const ledger = JSON.parse(response.headers.get('x-ledger-digest') ?? 'null') as LedgerDigest | null;
  if (!ledger) throw new Error('the server sent no ledger digest');
  return writeBackup(outDir, 'pglite', new Uint8Array(await response.arrayBuffer()), ledger);
}

export interface RestoreResult {
  ledger: LedgerDigest;
  digestMatches: boolean;
  ledgerCheckOk: boolean;
}

export function readBackup(dir: string): { manifest: BackupManifest; archive: Buffer } {
  const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const archive = readFileSync(path.join(dir, manifest.archive));
  if (sha256(archive) !== manifest.archiveSha256) {
    throw new Error(`${manifest.archive} does not match the sha256 in the manifest: the backup is damaged`);
  }
  return { manifest, archive };
}

/** Into an empty target only: DATABASE_URL with no tables, or a DATA_DIR without a database. */
export async function restore(
  dir: string,
  target: { databaseUrl: string | null; dataDir: string },
  logger: Logger,
): Promise<RestoreResult> {
  const { manifest, archive } = readBackup(dir);
  let database: Database;
  if (manifest.driver === 'postgres') {
    if (!target.databaseUrl)
      throw new Error('a PostgreSQL backup restores into DATABASE_URL (an empty database)');
    database = openPostgres(target.databaseUrl, logger, { statementTimeoutMs: 0 });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(
      database.kysely,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      await database.close();
      throw new Error('the target database is not empty: restore into a fresh one (createdb)');
    }
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '-d',
        target.databaseUrl,
        path.join(dir, manifest.archive),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } else {
    if (target.databaseUrl)
      throw new Error('an embedded-database backup restores into DATA_DIR (unset DATABASE_URL)');
    const pgdata = path.join(target.dataDir, 'pgdata');
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      throw new Error(`${pgdata} is not empty: restore into a fresh DATA_DIR`);
    }
    mkdirSync(target.dataDir, { recursive: true });
    const pglite = await openPgliteEngine({ dataDir: pgdata, loadDataDir: new Blob([archive]) });
    database = wrapPglite(pglite, { location: pgdata });
  }
  try {
    const ledger = await database.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => digestLedger(trx));
    const check = await auditLedger(database.kysely, new Date());
    return {
      ledger,
      digestMatches:
        ledger.sha256 === manifest.ledger.sha256 && ledger.transfers === manifest.ledger.transfers,
      ledgerCheckOk: check.ok,
    };
  } finally {
    await database.close();
  }
}
