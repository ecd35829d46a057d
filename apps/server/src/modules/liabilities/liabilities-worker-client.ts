/**
 * Builds a snapshot's tree off the request thread: starts a liabilities worker (liabilities-worker.ts),
 * streams it the claims in chunks with a turn of the event loop between them, and waits for the tree.
 * Everything the request thread still does is short: a chunk's structured copy, one message back.
 *
 * Where the worker's code is: beside this module when it runs from the sources (loaded through tsx, as
 * the tests and `npm run dev` run the server), beside the bundle when it runs built (import.meta.url is
 * then apps/server/dist/main.js, and the build writes dist/liabilities-worker.js next to it).
 */
import { Worker } from 'node:worker_threads';
import type { ComputedTree } from './liabilities-compute.ts';
import type { FromWorker, ToWorker } from './liabilities-worker-protocol.ts';

/** Claims per message to the worker: a structured copy of this many is well under a millisecond. */
const CLAIMS_PER_MESSAGE = 5_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function startWorker(): Worker {
  const here = import.meta.url;
  // From the sources the worker is TypeScript: its entry registers tsx's loader before importing it.
  return new Worker(
    new URL(here.endsWith('.ts') ? './liabilities-worker-from-source.mjs' : './liabilities-worker.js', here),
  );
}

export async function buildTreeOffThread(
  claims: ReadonlyArray<{ userId: string; amount: number }>,
  leafBatch: number,
): Promise<ComputedTree> {
  const worker = startWorker();
  const answered = new Promise<ComputedTree>((resolve, reject) => {
    worker.once('message', (answer: FromWorker) => {
      if (answer.kind === 'tree') resolve(answer.tree);
      else reject(new Error(`liabilities worker: ${answer.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`liabilities worker exited (code ${code}) before answering`)),
    );
  });
  // A failure while sending must not leave the answer's rejection unobserved.
  answered.catch(() => undefined);
  try {
    for (let start = 0; start < claims.length; start += CLAIMS_PER_MESSAGE) {
      const chunk = claims.slice(start, start + CLAIMS_PER_MESSAGE);
      const message: ToWorker = {
        kind: 'claims',
        userIds: chunk.map((claim) => claim.userId),
        amounts: chunk.map((claim) => claim.amount),
      };
      worker.postMessage(message);
      await yieldToEventLoop();
    }
    const build: ToWorker = { kind: 'build', leafBatch };
    worker.postMessage(build);
    return await answered;
  } finally {
    await worker.terminate();
  }
}
