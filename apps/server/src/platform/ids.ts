/**
 * Time-ordered ids (UUID version 7, RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter that
 * keeps ids made in the same millisecond in creation order, then random bits. Records pages sort by
 * (created_at, id), so rows sharing a timestamp still list in the order they were made; and inserts
 * land at the end of the primary-key index rather than all over it.
 */
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * Random bytes are drawn from the system 4 KB at a time (every draw is a system call, which on some
 * hosts costs more than the rest of making an id), then handed out 10 bytes per id.
 */
const POOL_SIZE = 4096;
let pool: Buffer = Buffer.alloc(0);
let poolOffset = POOL_SIZE;

function randomTen(): Buffer {
  if (poolOffset + 10 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 10);
  poolOffset += 10;
  return bytes;
}

export function newId(nowMs: number = Date.now()): string {
  let ms = Math.max(nowMs, lastMs);
  if (ms === lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      // 4096 ids in one millisecond: borrow the next millisecond rather than lose the order.
      ms += 1;
      sequence = 0;
    }
  } else {
    sequence = 0;
  }
  lastMs = ms;
  const bytes = Buffer.alloc(16);
  randomTen().copy(bytes, 6);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
