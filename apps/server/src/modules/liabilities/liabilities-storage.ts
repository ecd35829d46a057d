/**
 * How a snapshot's tree is kept: each level packed into one byte string, 40 bytes a node (the 32-byte
 * hash, then the sum as u64 big-endian), so a proof reads one 40-byte slice per level.
 */
import { type SumNode, writeUint64 } from '@tradehall/domain';

export const NODE_BYTES = 40;

export function packLevel(level: readonly SumNode[]): Uint8Array {
  const out = new Uint8Array(level.length * NODE_BYTES);
  const view = new DataView(out.buffer);
  for (const [i, node] of level.entries()) {
    out.set(node.hash, i * NODE_BYTES);
    writeUint64(view, i * NODE_BYTES + 32, node.sum);
  }
  return out;
}

/** A node cut from a packed level; null for an empty slice (no sibling on that level). */
export function unpackNode(bytes: Uint8Array): SumNode | null {
  if (bytes.length !== NODE_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // A sum beyond 2^53 - 1 comes back inexact, and the verifier's range check refuses it.
  return { hash: bytes.slice(0, 32), sum: Number(view.getBigUint64(32)) };
}
