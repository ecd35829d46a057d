/**
 * `npm run backup [-- <directory>]`: backs up the database this environment points at (DATABASE_URL,
 * else DATA_DIR) into <directory> (BACKUP_DIR, default ./backups), consistent while the servers run.
 * Prints the backup's directory and its ledger digest. See docs/operations/backups.md.
 */
import { backupPgliteDirectly, backupPgliteThroughServer, backupPostgres } from './backup.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirLockedError } from './platform/db/data-dir-lock.ts';
import { createLogger } from './platform/logger.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const outDir = process.argv[2] ?? process.env.BACKUP_DIR ?? 'backups';
  const logger = createLogger('warn');
  let backup: Awaited<ReturnType<typeof backupPostgres>>;
  if (config.databaseUrl) {
    backup = await backupPostgres(config.databaseUrl, outDir, logger);
  } else {
    try {
      backup = await backupPgliteDirectly(config.dataDir, outDir, logger);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      // A server owns the directory: it makes the archive itself.
      const port = config.operations.metricsPort;
      if (port === null) {
        throw new Error(
          `${error.message}\nA running server backs its embedded database up through its metrics listener: ` +
            'run the backup with the same METRICS_PORT as the server.',
        );
      }
      backup = await backupPgliteThroughServer(port, outDir);
    }
  }
  const { ledger } = backup.manifest;
  process.stdout.write(
    `Backup written to ${backup.dir}\n` +
      `  ledger: ${ledger.transfers} transfers, last id ${ledger.lastTransferId}, sha256 ${ledger.sha256}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
