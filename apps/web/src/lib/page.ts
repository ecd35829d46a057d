/**
 * Cursor paging of every list the API pages (records of deposits, withdrawals, transactions, positions
 * and revenue; a room's rounds): newest first, RECORDS_PAGE_SIZE per page, the next page asked for with
 * the `nextCursor` of the last one.
 */
import { RECORDS_PAGE_SIZE } from '@tradehall/domain';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The query of one page of a paged endpoint: the cursor of the last page (none for the first). */
export function pageQuery(cursor: string | null): { cursor?: string; limit: number } {
  return cursor === null ? { limit: RECORDS_PAGE_SIZE } : { cursor, limit: RECORDS_PAGE_SIZE };
}

/** The first page is asked for without a cursor; a null nextCursor means there is no next page. */
export const FIRST_PAGE: string | null = null;
