/**
 * GET /funding/methods: where to transfer (receiving bank accounts, crypto networks and their deposit
 * addresses), whether card payment is available, and the deposit and withdrawal limits.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundingMethodsResponse } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchFundingMethods(signal?: AbortSignal): Promise<FundingMethodsResponse> {
  return api.get<FundingMethodsResponse>('/funding/methods', undefined, signal);
}

export const fundingMethodsQueryOptions = () =>
  queryOptions({
    queryKey: fundingKeys.methods,
    queryFn: ({ signal }) => fetchFundingMethods(signal),
    staleTime: 5 * 60_000,
  });

export function useFundingMethods() {
  return useQuery(fundingMethodsQueryOptions());
}
