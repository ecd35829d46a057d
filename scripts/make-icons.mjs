// Draws the app icons of the web manifest (apps/web/public/icons): the favicon's rising line in white on
// the app's blue tile, over the dark blue theme colour, as PNGs without any image library. Run once when
// the design changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

const out = resolve(import.meta.dirname, '../apps/web/public/icons');
const DARK = [0x0b, 0x1a, 0x3a];
const BLUE = [0x16, 0x77, 0xff];
const WHITE = [0xff, 0xff, 0xff];
// The favicon's polyline on a 32-unit grid.
const LINE = [
  [8, 22],
  [14, 15],
  [18, 19],
  [24, 10],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The maskable safe zone is the inner 80%: the tile sits inside it, the dark theme fills the rest. */
function icon(size) {
  const rows = [];
  const unit = size / 32;
  const tile = { from: size * 0.14, to: size * 0.86, radius: size * 0.12 };
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      const nx = Math.max(tile.from + tile.radius - cx, 0, cx - (tile.to - tile.radius));
      const ny = Math.max(tile.from + tile.radius - cy, 0, cy - (tile.to - tile.radius));
      const inTile =
        cx >= tile.from &&
        cx <= tile.to &&
        cy >= tile.from &&
        cy <= tile.to &&
        Math.hypot(nx, ny) <= tile.radius;
      // The line is drawn on the tile's own 32-unit grid (the tile spans 72% of the icon).
      const gx = (cx - tile.from) / (0.72 * unit);
      const gy = (cy - tile.from) / (0.72 * unit);
      let onLine = false;
      for (let i = 0; i + 1 < LINE.length; i++) {
        if (distanceToSegment(gx, gy, LINE[i], LINE[i + 1]) <= 1.5) onLine = true;
      }
      const colour = inTile ? (onLine ? WHITE : BLUE) : DARK;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
for (const size of [192, 512]) writeFileSync(join(out, `icon-${size}.png`), icon(size));
writeFileSync(join(out, 'apple-touch-icon.png'), icon(180));
console.log(`icons written to ${out}`);
