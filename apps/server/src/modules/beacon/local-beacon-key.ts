/**
 * The local beacon's secret key, kept in DATA_DIR across restarts (mode 0600). A round that was waiting
 * for its beacon value when the server stopped must be drawable by the same beacon when it comes back;
 * with a key drawn afresh at each start it could only be voided at its deadline. The local beacon proves
 * nothing to users either way (whoever runs it holds the key), so keeping the key costs no fairness.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCAL_BEACON_KEY_FILE = 'local-beacon.key';
const KEY_HEX = /^[0-9a-f]{64}$/;

/** Reads the kept key, or makes one (a BLS12-381 secret scalar from 32 random bytes) and keeps it. */
export function loadOrCreateLocalBeaconKey(dataDir: string, makeKey: () => Uint8Array): Uint8Array {
  const file = path.join(dataDir, LOCAL_BEACON_KEY_FILE);
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (KEY_HEX.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'));
  } catch {
    // No key kept yet: make one below.
  }
  const key = makeKey();
  mkdirSync(dataDir, { recursive: true });
  // Written to a temporary name first, so a crash never leaves half a key to be read next time.
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${Buffer.from(key).toString('hex')}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return key;
}
