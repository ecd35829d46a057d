/**
 * The positions root this device saw when a round sealed, kept in localStorage per round. The first one
 * seen is kept and never overwritten: if the server's stored root were rewritten later, the proof would
 * no longer match this copy (docs/trust/positions.md).
 */
const PREFIX = 'tradehall.sealedRoot.';

export function keepSealedRoot(roundId: string, root: string): void {
  try {
    if (window.localStorage.getItem(PREFIX + roundId) === null)
      window.localStorage.setItem(PREFIX + roundId, root);
  } catch {
    // Storage unavailable: the check falls back to the root the proof names.
  }
}

export function sealedRootSeen(roundId: string): string | null {
  try {
    return window.localStorage.getItem(PREFIX + roundId);
  } catch {
    return null;
  }
}
