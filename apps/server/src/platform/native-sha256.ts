/**
 * node:crypto's SHA-256 (OpenSSL) in the shape of the domain's: the server hands it to the domain's tree
 * builders on its hot paths (a round's seal, a round's proofs), where it hashes a 65-byte node several
 * times faster than the portable @noble/hashes. Same function, same digests: the domain's tests and
 * this one's compare them.
 */
import { hash } from 'node:crypto';

export function nativeSha256(message: Uint8Array): Uint8Array {
  return hash('sha256', message, 'buffer');
}
