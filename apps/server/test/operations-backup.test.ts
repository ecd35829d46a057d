/**
 * The restore drill, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: activity on a running server,
 * `npm run backup` while it runs, more activity, then `npm run restore` into a fresh database: the
 * ledger digest equals the one recorded at backup, the ledger check passes, and a server starts on the
 * restored database and its own periodic ledger check passes. A damaged archive and a manifest whose
 * digest was changed are both refused.
 */
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '../src/backup.ts';
import {
  freshPostgresDatabase,
  fundedDemoUser,
  newKey,
  runTool,
  SHORT_ROUNDS,
  scrape,
  startNode,
  TEST_DATABASE_URL,
  tempDir,
  value,
} from './operations-support.ts';
import { request, waitFor } from './pg-cluster.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A deposit the operator approves: two more transfers in the ledger. */
async function moreActivity(api: string, user: string, operator: string): Promise<void> {
  const deposit = await request<{ id: string }>(`${api}/deposits`, {
    method: 'POST',
    token: user,
    body: { method: 'offline', amount: 12_345, depositorName: 'Demo', idempotencyKey: newKey() },
  });
  expect(deposit.status).toBe(201);
  expect(
    (await request(`${api}/admin/deposits/${deposit.body.id}/approve`, { method: 'POST', token: operator }))
      .status,
  ).toBe(200);
}

function backupDirOf(stdout: string): string {
  const dir = /Backup written to (.+)\n/.exec(stdout)?.[1];
  if (!dir) throw new Error(`no backup directory in: ${stdout}`);
  return dir;
}

/** A restored database starts, and its periodic ledger check passes. */
async function startsAndChecks(env: Record<string, string>): Promise<void> {
  const node = await startNode({ ...env, LEDGER_CHECK_INTERVAL_MS: '500' }, { metrics: true });
  cleanups.push(() => node.process.stop());
  await waitFor(
    'a ledger check on the restored database',
    async () => (value(await scrape(node.metricsUrl ?? ''), 'tradehall_ledger_checks_total') || 0) > 0,
    30_000,
    200,
  );
  const samples = await scrape(node.metricsUrl ?? '');
  expect(value(samples, 'tradehall_ledger_check_ok')).toBe(1);
  expect(value(samples, 'tradehall_ledger_checks_total', { result: 'failed' }) || 0).toBe(0);
  await node.process.stop();
}

async function drill(
  source: Record<string, string>,
  freshTarget: () => Promise<Record<string, string>>,
): Promise<void> {
  const out = tempDir('tradehall-backups-');
  cleanups.push(out.remove);
  const node = await startNode({ ...source, ...SHORT_ROUNDS }, { metrics: true });
  cleanups.push(() => node.process.stop());
  // Money moved (a deposit approved), while the scheduler keeps writing rounds.
  const { user, operator } = await fundedDemoUser(node.api);

  // While the server runs (and its scheduler writes rounds).
  const metricsPort = new URL(node.metricsUrl ?? '').port;
  const backup = await runTool('backup-cli', [out.dir], { ...source, METRICS_PORT: metricsPort });
  expect(backup.code, backup.stderr).toBe(0);
  const dir = backupDirOf(backup.stdout);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  expect(manifest.ledger.transfers).toBeGreaterThanOrEqual(1);

  await moreActivity(node.api, user, operator);
  await node.process.stop();

  const target = await freshTarget();
  const restored = await runTool('restore-cli', [dir], target);
  expect(restored.code, restored.stderr + restored.stdout).toBe(0);
  expect(restored.stdout).toContain(
    `${manifest.ledger.transfers} transfers, sha256 ${manifest.ledger.sha256}`,
  );
  expect(restored.stdout).toContain('digest recorded at backup: MATCHES');
  expect(restored.stdout).toContain('ledger check: ok');
  await startsAndChecks(target);

  // A damaged archive is refused before anything is restored.
  const damaged = path.join(out.dir, 'damaged');
  cpSync(dir, damaged, { recursive: true });
  const archive = readFileSync(path.join(damaged, manifest.archive));
  archive[Math.floor(archive.length / 2)] = (archive[Math.floor(archive.length / 2)] ?? 0) ^ 0xff;
  writeFileSync(path.join(damaged, manifest.archive), archive);
  const refused = await runTool('restore-cli', [damaged], await freshTarget());
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('the backup is damaged');

  // A manifest whose digest is not the archive's ledger: restored, but the proof fails.
  const forged = path.join(out.dir, 'forged');
  cpSync(dir, forged, { recursive: true });
  const wrong = { ...manifest, ledger: { ...manifest.ledger, sha256: '0'.repeat(64) } };
  writeFileSync(path.join(forged, 'manifest.json'), JSON.stringify(wrong));
  const mismatch = await runTool('restore-cli', [forged], await freshTarget());
  expect(mismatch.code).toBe(1);
  expect(mismatch.stdout).toContain('digest recorded at backup: DOES NOT MATCH');
}

describe('backup and restore', { timeout: 600_000 }, () => {
  it('proves a restore of the embedded database by its ledger digest', async () => {
    const source = tempDir('tradehall-backup-src-');
    cleanups.push(source.remove);
    await drill({ DATA_DIR: source.dir }, async () => {
      const target = tempDir('tradehall-restore-');
      cleanups.push(target.remove);
      return { DATA_DIR: target.dir };
    });
  });

  it.runIf(TEST_DATABASE_URL)(
    'proves a restore of PostgreSQL (pg_dump custom format) by its ledger digest',
    async () => {
      const source = await freshPostgresDatabase('tradehall_backup_src');
      cleanups.push(source.drop);
      const data = tempDir('tradehall-backup-pg-');
      cleanups.push(data.remove);
      await drill({ DATABASE_URL: source.url, DATA_DIR: data.dir }, async () => {
        // A fresh database, made the way docs/operations/backups.md says: createdb.
        const name = `tradehall_restore_${newKey()
          .slice(0, 8)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}`;
        const admin = new URL(TEST_DATABASE_URL);
        await promisify(execFile)('createdb', [
          '-h',
          admin.hostname,
          '-p',
          admin.port || '5432',
          '-U',
          decodeURIComponent(admin.username) || 'postgres',
          name,
        ]);
        const url = new URL(TEST_DATABASE_URL);
        url.pathname = `/${name}`;
        cleanups.push(async () => {
          await promisify(execFile)('dropdb', [
            '--force',
            '-h',
            admin.hostname,
            '-p',
            admin.port || '5432',
            '-U',
            'postgres',
            name,
          ]).catch(() => undefined);
        });
        return { DATABASE_URL: url.toString(), DATA_DIR: data.dir };
      });
    },
  );
});
