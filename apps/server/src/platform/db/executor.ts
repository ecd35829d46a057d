import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** Where a query runs: the pool, or the transaction a service opened. Repositories take one per call. */
export type Executor = Kysely<DB> | Transaction<DB>;
