/** The messages between the request thread and the liabilities worker (liabilities-worker.ts). */
import type { ComputedTree } from './liabilities-compute.ts';

export type ToWorker =
  | { kind: 'claims'; userIds: string[]; amounts: number[] }
  | { kind: 'build'; leafBatch: number };

export type FromWorker = { kind: 'tree'; tree: ComputedTree } | { kind: 'failed'; message: string };
