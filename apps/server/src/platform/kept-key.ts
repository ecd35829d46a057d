/**
 * A 32-byte key of this install kept in DATA_DIR (hex, mode 0600): read when there, made and kept when
 * not. Written to a temporary name first, so a crash never leaves half a key to be read next time.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEY_HEX = /^[0-9a-f]{64}$/;

export function loadOrCreateKeptKey(
  dataDir: string,
  fileName: string,
  makeKey: () => Uint8Array,
): Uint8Array {
  const file = path.join(dataDir, fileName);
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (KEY_HEX.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'));
  } catch {
    // No key kept yet: make one below.
  }
  const key = makeKey();
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${Buffer.from(key).toString('hex')}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return key;
}
