/**
 * How the server opens the embedded database (PGlite: the PostgreSQL backend compiled to WebAssembly,
 * in this process). Two settings, each measured on the demo's data (decision 0033):
 * - shared_buffers 16 MB instead of PostgreSQL's 128 MB: the backend zero-fills its shared buffers at
 *   start, so all 128 MB became resident at once (PGlite alone: 333 MB RSS, 193 MB with 16 MB). PGlite
 *   reads its files through the operating system, whose page cache still holds the hot data.
 * - WebAssembly compiled by V8's baseline compiler only (Liftoff, no optimising tier-up): the optimised
 *   copies of the backend's functions cost about 70 MB more (124 MB with both settings) and a start
 *   competes with their background compilation, while over 18,000 mixed queries the baseline code used
 *   no more CPU (2.9 s against 3.1-3.5 s, the tier-up's own compiling included). The flag only concerns
 *   WebAssembly, and only this process runs PGlite.
 */
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

export const PGLITE_SHARED_BUFFERS = '16MB';

let baselineWasmOnly = false;

export function openPgliteEngine(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (!baselineWasmOnly) {
    // Read by V8 when it compiles a WebAssembly module, so it holds for PGlite's, compiled below.
    setFlagsFromString('--liftoff-only');
    baselineWasmOnly = true;
  }
  return PGlite.create({
    ...options,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}
