import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beaconKeyFrom, generateBeaconKey } from '@tradehall/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalBeacon } from './local-beacon.ts';
import { LOCAL_BEACON_KEY_FILE, loadOrCreateLocalBeaconKey } from './local-beacon-key.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehall-beacon-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the local beacon key', () => {
  it('is made once, kept private, and the same at the next start: the same network, the same values', () => {
    const dir = dataDir();
    const makeKey = () => generateBeaconKey().secretKey;
    const first = loadOrCreateLocalBeaconKey(dir, makeKey);
    const file = path.join(dir, LOCAL_BEACON_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadOrCreateLocalBeaconKey(dir, () => {
      throw new Error('a kept key is not made again');
    });
    expect(Buffer.from(again.secretKey).equals(Buffer.from(first.secretKey))).toBe(true);

    // A round planned before a restart gets the same value from the beacon that comes back.
    const before = new LocalBeacon(first);
    const after = new LocalBeacon(again);
    expect(after.network).toEqual(before.network);
    expect(after.value(1234)).toEqual(before.value(1234));
    expect(beaconKeyFrom(first.secretKey).publicKey).toBe(before.network.publicKey);
    expect(new LocalBeacon({ secretKey: first.secretKey }).network).toEqual(before.network);
  });

  it('keeps the public key beside the secret, and derives it anew for a secret it does not belong to', () => {
    const dir = dataDir();
    const kept = loadOrCreateLocalBeaconKey(dir, () => generateBeaconKey().secretKey);
    const publicFile = path.join(dir, `${LOCAL_BEACON_KEY_FILE}.pub`);
    expect(readFileSync(publicFile, 'utf8')).toContain(kept.publicKey);
    expect(statSync(publicFile).mode & 0o777).toBe(0o600);

    // Another secret put in the key file (a restored or replaced key): the kept public key is not its.
    const other = generateBeaconKey();
    writeFileSync(path.join(dir, LOCAL_BEACON_KEY_FILE), `${Buffer.from(other.secretKey).toString('hex')}\n`);
    const replaced = loadOrCreateLocalBeaconKey(dir, () => generateBeaconKey().secretKey);
    expect(replaced.publicKey).toBe(other.publicKey);
    expect(replaced.publicKey).not.toBe(kept.publicKey);

    // A damaged public key file is derived again too.
    writeFileSync(publicFile, 'garbage\n');
    expect(loadOrCreateLocalBeaconKey(dir, () => generateBeaconKey().secretKey).publicKey).toBe(
      other.publicKey,
    );
  });

  it('replaces a file that does not hold a key', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCAL_BEACON_KEY_FILE), 'not a key\n');
    const key = loadOrCreateLocalBeaconKey(dir, () => generateBeaconKey().secretKey);
    expect(readFileSync(path.join(dir, LOCAL_BEACON_KEY_FILE), 'utf8').trim()).toBe(
      Buffer.from(key.secretKey).toString('hex'),
    );
  });
});
