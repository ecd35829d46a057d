/**
 * A 32-byte key of this install kept in DATA_DIR (hex, mode 0600): read when there, made and kept when
 * not. Written to a temporary name first, so a crash never leaves half a key to be read next time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEY_HEX = /^[0-9a-f]{64}$/;

function writeKept(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}

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
  writeKept(file, `${Buffer.from(key).toString('hex')}\n`);
  return key;
}

/**
 * The public key of a kept secret key, kept beside it (`<fileName>.pub`) so that a start does not
 * derive it again: deriving a BLS12-381 public key costs a few hundred milliseconds of CPU, most of a
 * warm start's curve arithmetic. The file names the SHA-256 of the secret it belongs to, so a replaced
 * or damaged key file is never paired with a stale public key: that pair is derived and kept anew.
 */
export function keptPublicKey(
  dataDir: string,
  fileName: string,
  secretKey: Uint8Array,
  derive: (secretKey: Uint8Array) => string,
): string {
  const file = path.join(dataDir, `${fileName}.pub`);
  const secretDigest = createHash('sha256').update(secretKey).digest('hex');
  try {
    const [digest, publicKey] = readFileSync(file, 'utf8').trim().split(' ');
    if (digest === secretDigest && publicKey && /^[0-9a-f]+$/.test(publicKey)) return publicKey;
  } catch {
    // Not kept yet: derived below.
  }
  const publicKey = derive(secretKey);
  writeKept(file, `${secretDigest} ${publicKey}\n`);
  return publicKey;
}
