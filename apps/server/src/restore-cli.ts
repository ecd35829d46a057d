/**
 * `npm run restore -- <backup directory>`: restores a backup into the empty database this environment
 * points at (DATABASE_URL: a fresh database made with createdb; else a fresh DATA_DIR), then proves it:
 * the archive's sha256, the ledger digest recorded at backup, and the ledger check. Exits 1 unless all
 * three hold. See docs/operations/backups.md.
 */
import { restore } from './backup.ts';
import { loadConfig } from './platform/config.ts';
import { createLogger } from './platform/logger.ts';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: npm run restore -- <backup directory>');
  const config = loadConfig();
  const result = await restore(
    dir,
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    createLogger('warn'),
  );
  process.stdout.write(
    `Restored ${dir}\n` +
      `  ledger: ${result.ledger.transfers} transfers, sha256 ${result.ledger.sha256}\n` +
      `  digest recorded at backup: ${result.digestMatches ? 'MATCHES' : 'DOES NOT MATCH'}\n` +
      `  ledger check: ${result.ledgerCheckOk ? 'ok' : 'FAILED'}\n`,
  );
  if (!result.digestMatches || !result.ledgerCheckOk) process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
