/** GET /app/version: the newest published version of the app, with what it changes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppVersionResponse } from '@tradehall/contracts';
import { appEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function fetchAppVersion(signal?: AbortSignal): Promise<AppVersionResponse> {
  return call(appEndpoints.version, { signal });
}

export const appVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['app-version'] as const,
    queryFn: ({ signal }) => fetchAppVersion(signal),
  });

export function useAppVersion() {
  return useQuery(appVersionQueryOptions());
}
