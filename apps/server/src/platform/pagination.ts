/**
 * Cursor pagination for the records pages, newest first. The cursor is opaque to clients: base64url of
 * the last row's (created_at in ms, id), so the next page starts strictly after it even when many rows
 * share a timestamp. Every paginated table is written with JS Dates, so milliseconds are exact.
 */
import { RECORDS_PAGE_SIZE } from '@tradehall/domain';
import { type SelectQueryBuilder, sql } from 'kysely';
import { AppError } from './errors.ts';

export interface PageCursor {
  createdAt: Date;
  id: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function encodeCursor(createdAt: Date, id: string | number): string {
  return Buffer.from(JSON.stringify([createdAt.getTime(), String(id)]), 'utf8').toString('base64url');
}

/** Row ids a cursor may carry: a uuid, or a bigserial's decimal digits. */
export const UUID_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SERIAL_ID = /^[1-9]\d{0,17}$/;
const MAX_DATE_MS = 8.64e15;

/** What a client asks of a list: where to start (the previous page's nextCursor) and how many. */
export interface PageRequest {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The rows a page is cut from: toPage() encodes the last one's (created_at, id) as the next cursor. */
export interface PageRow {
  created_at: Date;
  id: string | number;
}

/**
 * Every list endpoint's page, in one place: the cursor checked (`idFormat` is the table's id format),
 * `fetch` given where to start and how many (it asks paginate() for one more), the rows cut to the page
 * and shown through `view`. A malformed cursor fails before `fetch` runs.
 */
export async function keysetPage<R extends PageRow, T>(
  request: PageRequest,
  idFormat: RegExp,
  fetch: (cursor: PageCursor | undefined, limit: number) => Promise<R[]>,
  view: (row: R) => T,
): Promise<Page<T>> {
  const cursor = decodeCursor(request.cursor, idFormat);
  const limit = request.limit ?? RECORDS_PAGE_SIZE;
  return toPage(await fetch(cursor, limit), limit, view);
}

/**
 * Undefined for the first page; a malformed cursor is the client's mistake (400), never a database
 * error, so the id's format is checked against the table's.
 */
function decodeCursor(cursor: string | undefined, idFormat: RegExp): PageCursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      Number.isSafeInteger(parsed[0]) &&
      Math.abs(parsed[0] as number) <= MAX_DATE_MS &&
      typeof parsed[1] === 'string' &&
      idFormat.test(parsed[1])
    ) {
      return { createdAt: new Date(parsed[0] as number), id: parsed[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', { details: [{ path: 'cursor', key: 'validation.invalidValue' }] });
}

/** Rows fetched with `limit + 1`: the extra row only says whether there is a next page. */
function toPage<R extends PageRow, T>(rows: R[], limit: number, view: (row: R) => T): Page<T> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(view),
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

/**
 * One keyset page, newest first: rows strictly before the cursor's (created_at, id), ordered by both
 * descending, `limit + 1` of them for toPage(). `keys` names the two columns (qualified when joined).
 */
export function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  cursor: PageCursor | undefined,
  limit: number,
  keys: readonly [createdAt: string, id: string] = ['created_at', 'id'],
): SelectQueryBuilder<DB, TB, O> {
  const createdAt = sql.ref(keys[0]);
  const id = sql.ref(keys[1]);
  const after = cursor
    ? query.where(sql<boolean>`(${createdAt}, ${id}) < (${cursor.createdAt}, ${cursor.id})`)
    : query;
  return after
    .orderBy(sql`${createdAt}`, 'desc')
    .orderBy(sql`${id}`, 'desc')
    .limit(limit + 1);
}
