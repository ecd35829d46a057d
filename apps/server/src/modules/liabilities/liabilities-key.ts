/**
 * The demo's liabilities signing key, kept in DATA_DIR across restarts (mode 0600), so the public key the
 * demo prints stays the one its earlier snapshots were signed with. Production takes its key from
 * LIABILITIES_SIGNING_KEY and never falls back to one kept on disk or written in the source.
 */
import { loadOrCreateKeptKey } from '../../platform/kept-key.ts';

export const LIABILITIES_KEY_FILE = 'liabilities-signing.key';

export function loadOrCreateLiabilitiesKey(dataDir: string, makeKey: () => Uint8Array): Uint8Array {
  return loadOrCreateKeptKey(dataDir, LIABILITIES_KEY_FILE, makeKey);
}
