/**
 * The local beacon's secret key, kept in DATA_DIR across restarts (mode 0600). A round that was waiting
 * for its beacon value when the server stopped must be drawable by the same beacon when it comes back;
 * with a key drawn afresh at each start it could only be voided at its deadline. The local beacon proves
 * nothing to users either way (whoever runs it holds the key), so keeping the key costs no fairness.
 */
import { beaconKeyFrom } from '@tradehall/domain';
import { keptPublicKey, loadOrCreateKeptKey } from '../../platform/kept-key.ts';

export const LOCAL_BEACON_KEY_FILE = 'local-beacon.key';

/**
 * Reads the kept key, or makes one (a BLS12-381 secret scalar from 32 random bytes) and keeps it; with
 * its public key, kept beside it once derived.
 */
export function loadOrCreateLocalBeaconKey(
  dataDir: string,
  makeKey: () => Uint8Array,
): { secretKey: Uint8Array; publicKey: string } {
  const secretKey = loadOrCreateKeptKey(dataDir, LOCAL_BEACON_KEY_FILE, makeKey);
  const publicKey = keptPublicKey(
    dataDir,
    LOCAL_BEACON_KEY_FILE,
    secretKey,
    (key) => beaconKeyFrom(key).publicKey,
  );
  return { secretKey, publicKey };
}
