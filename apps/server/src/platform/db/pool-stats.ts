/** A database's connections now: the pool's size, those lent out, and the callers waiting for one. */
export interface PoolStats {
  size: number;
  inUse: number;
  waiting: number;
}
