/**
 * The query options of every cursor-paged list (lib/page.ts): the first page asked for without a cursor,
 * each next one with the `nextCursor` of the last, none after a null one. A list says only its cache key
 * and how one page is fetched.
 */
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { PageQuery } from '@tradehall/contracts';
import { FIRST_PAGE, type Page, pageQuery } from './page.ts';

export function pagedQueryOptions<TPage extends Page<unknown>, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions<TPage, Error, InfiniteData<TPage, string | null>, TKey, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageQuery(pageParam), signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });
}
