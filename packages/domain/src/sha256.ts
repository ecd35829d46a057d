/**
 * SHA-256 and HMAC-SHA-256 from the audited @noble/hashes (synchronous, the same in the browser, on the
 * server and from the command line), behind the small byte helpers the domain has always used, so
 * wallet checksums and fairness proofs give identical results everywhere. Tests compare with node:crypto.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/**
 * A SHA-256 implementation: message bytes in, a new 32-byte digest out; it must not keep the message.
 * The default everywhere is sha256 below (@noble/hashes, the same in the browser, the server and
 * offline); a builder that runs only in Node (the seal, the liabilities worker) may pass node:crypto's,
 * which is the same function, natively.
 */
export type Sha256 = (message: Uint8Array) => Uint8Array;

export function sha256(message: Uint8Array): Uint8Array {
  return nobleSha256(message);
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, message);
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fromHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
