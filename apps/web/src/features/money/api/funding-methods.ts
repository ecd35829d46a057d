/**
 * GET /funding/methods: where to transfer (receiving bank accounts, crypto networks and their deposit
 * addresses), whether card payment is available, and the deposit and withdrawal limits.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fundingSettingsEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export const fundingMethodsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKeys.methods,
    queryFn: ({ signal }) => call(fundingSettingsEndpoints.methods, { signal }),
    staleTime: 5 * 60_000,
  });

export function useFundingMethods() {
  return useQuery(fundingMethodsQueryOptions());
}
