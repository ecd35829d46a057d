/** keysetPage: the one way a list is paged (cursor checked, page asked for, cut, next cursor encoded). */
import { RECORDS_PAGE_SIZE } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { keysetPage, type PageCursor, SERIAL_ID, UUID_ID } from './pagination.ts';

interface Row {
  id: string;
  created_at: Date;
}

/** Rows newest first, one second apart, ids 1..n with the highest id newest. */
function rows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(n - i),
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n - i)),
  }));
}

/** What paginate() does in SQL: rows strictly before the cursor, `limit + 1` of them. */
function fetchFrom(table: Row[]) {
  const asked: Array<{ cursor: PageCursor | undefined; limit: number }> = [];
  const fetch = async (cursor: PageCursor | undefined, limit: number) => {
    asked.push({ cursor, limit });
    const after = cursor
      ? table.filter(
          (row) =>
            row.created_at.getTime() < cursor.createdAt.getTime() ||
            (row.created_at.getTime() === cursor.createdAt.getTime() && Number(row.id) < Number(cursor.id)),
        )
      : table;
    return after.slice(0, limit + 1);
  };
  return { asked, fetch };
}

describe('keysetPage', () => {
  it('asks for the default page size on the first page and says where the next one starts', async () => {
    const { asked, fetch } = fetchFrom(rows(RECORDS_PAGE_SIZE + 5));
    const page = await keysetPage({}, SERIAL_ID, fetch, (row) => row.id);
    expect(asked).toEqual([{ cursor: undefined, limit: RECORDS_PAGE_SIZE }]);
    expect(page.items).toHaveLength(RECORDS_PAGE_SIZE);
    expect(page.items[0]).toBe(String(RECORDS_PAGE_SIZE + 5));
    expect(page.nextCursor).not.toBeNull();
  });

  it('walks every row exactly once, page after page, and ends with no next cursor', async () => {
    const table = rows(7);
    const { fetch } = fetchFrom(table);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await keysetPage({ cursor, limit: 3 }, SERIAL_ID, fetch, (row) => row.id);
      seen.push(...page.items);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(table.map((row) => row.id));
  });

  it('gives no next cursor when the rows end exactly at the page', async () => {
    const { fetch } = fetchFrom(rows(3));
    const page = await keysetPage({ limit: 3 }, SERIAL_ID, fetch, (row) => row.id);
    expect(page).toEqual({ items: ['3', '2', '1'], nextCursor: null });
  });

  it('refuses a malformed cursor, or one of another table’s id format, before asking for rows', async () => {
    const { asked, fetch } = fetchFrom(rows(3));
    const first = await keysetPage({ limit: 1 }, SERIAL_ID, fetch, (row) => row.id);
    for (const cursor of ['not-a-cursor', first.nextCursor ?? '']) {
      await expect(keysetPage({ cursor }, UUID_ID, fetch, (row) => row.id)).rejects.toBeInstanceOf(AppError);
    }
    expect(asked).toHaveLength(1);
  });
});
