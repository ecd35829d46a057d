/**
 * GET /support/messages: this user's conversation with customer service, newest first, cursor-paged.
 * The first page is the latest messages; each next page goes further back in time.
 */
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointResponse, SupportMessage } from '@tradehall/contracts';
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { supportKeys } from '../query-keys.ts';

export type SupportMessagePage = EndpointResponse<typeof supportEndpoints.list>;
export type SupportMessagePages = InfiniteData<SupportMessagePage, string | null>;

export const supportMessagesQueryOptions = () =>
  pagedQueryOptions(supportKeys.messages, (query, signal) => call(supportEndpoints.list, { query, signal }));

export function useSupportMessages() {
  return useInfiniteQuery(supportMessagesQueryOptions());
}

/** Oldest first, the way a conversation reads (the pages arrive newest first). */
export function chronological(data: InfiniteData<SupportMessagePage, unknown> | undefined): SupportMessage[] {
  return (data?.pages.flatMap((page) => page.items) ?? []).slice().reverse();
}
