/**
 * The liabilities worker thread: receives the claims read at one instant, in chunks (each a short
 * structured copy on the request thread), then builds the snapshot's tree (liabilities-compute.ts) and
 * answers it in one message, the packed levels transferred rather than copied. One worker per snapshot:
 * it exits once it has answered, so a tree of 100,000 users does not stay in memory.
 *
 * Run from the sources (tests, `npm run dev`) through tsx, and from `apps/server/dist/liabilities-worker.js`
 * in the built server, the second entry of scripts/build-server.mjs.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { computeTree } from './liabilities-compute.ts';
import type { FromWorker, ToWorker } from './liabilities-worker-protocol.ts';

const port = parentPort;
if (port === null) throw new Error('liabilities-worker.ts runs as a worker thread only');

// A lower priority for this thread only (on Linux a thread has its own nice value): when the cores are
// busy, the request thread is scheduled before the snapshot's hashing. Where that is refused, it
// simply runs at the usual priority.
try {
  setPriority(10);
} catch {
  // Not permitted here: the build runs at the process's priority.
}

const userIds: string[] = [];
const amounts: number[] = [];

port.on('message', (message: ToWorker) => {
  if (message.kind === 'claims') {
    for (const id of message.userIds) userIds.push(id);
    for (const amount of message.amounts) amounts.push(amount);
    return;
  }
  let answer: FromWorker;
  try {
    answer = { kind: 'tree', tree: computeTree(userIds, amounts, message.leafBatch) };
  } catch (error) {
    answer = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  const transfer =
    answer.kind === 'tree' ? answer.tree.levels.map((level) => level.buffer as ArrayBuffer) : [];
  port.postMessage(answer, transfer);
  port.close();
});
