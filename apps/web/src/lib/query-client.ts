/**
 * Server state. Client errors (4xx) are answers, not glitches: they are never retried. Network and 5xx
 * failures get one more try for reads; writes are never retried automatically (no double submissions).
 * Data is refetched whenever a page that shows it mounts (staleTime 0; the cached copy shows meanwhile):
 * a balance or a deposit status must be current when a user opens the page, e.g. after an operator has
 * approved a deposit. Slow-changing data (funding methods) sets its own staleTime.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 0, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
