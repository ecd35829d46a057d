/** Tables of issue 5 (notifications), created by migration 0004-realtime. */
export type RealtimeTables = {};
