/**
 * GET /support/messages: this user's conversation with customer service, newest first, cursor-paged.
 * The first page is the latest messages; each next page goes further back in time.
 */
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointResponse, SupportMessage } from '@tradehall/contracts';
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { FIRST_PAGE, pageQuery } from '../../../lib/page.ts';
import { supportKeys } from '../query-keys.ts';

export type SupportMessagePage = EndpointResponse<typeof supportEndpoints.list>;
export type SupportMessagePages = InfiniteData<SupportMessagePage, string | null>;

export function fetchSupportMessages(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SupportMessagePage> {
  return call(supportEndpoints.list, { query: pageQuery(cursor), signal });
}

export const supportMessagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: supportKeys.messages,
    queryFn: ({ pageParam, signal }) => fetchSupportMessages(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSupportMessages() {
  return useInfiniteQuery(supportMessagesQueryOptions());
}

/** Oldest first, the way a conversation reads (the pages arrive newest first). */
export function chronological(data: InfiniteData<SupportMessagePage, unknown> | undefined): SupportMessage[] {
  return (data?.pages.flatMap((page) => page.items) ?? []).slice().reverse();
}
