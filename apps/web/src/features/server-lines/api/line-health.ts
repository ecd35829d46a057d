/**
 * GET <line>/api/v1/health for every listed line, timed in this browser (lib/line-health.ts). Measured
 * afresh whenever the page opens and on "Test again"; never retried (a retry would hide a slow line).
 */
import { queryOptions, useQueries } from '@tanstack/react-query';
import { type LineHealth, pingLine } from '../../../lib/line-health.ts';

export const LINE_HEALTH_KEY = ['server-lines', 'health'] as const;

export const lineHealthQueryOptions = (origin: string) =>
  queryOptions({
    queryKey: [...LINE_HEALTH_KEY, origin],
    queryFn: ({ signal }): Promise<LineHealth> => pingLine(origin, signal),
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });

/** Each origin's measurement (undefined while it runs), in the order given. */
export function useLineHealth(origins: readonly string[]) {
  return useQueries({
    queries: origins.map((origin) => lineHealthQueryOptions(origin)),
    combine: (results) => ({
      health: new Map(
        results.flatMap((result, index) => {
          const origin = origins[index];
          return origin !== undefined && result.data ? [[origin, result.data] as const] : [];
        }),
      ),
      measuring: results.some((result) => result.isFetching),
      settled: results.every((result) => result.data !== undefined),
    }),
  });
}
