/**
 * Server state. Client errors (4xx) are answers, not glitches: they are never retried. Network and 5xx
 * failures get one more try for reads; writes are never retried automatically (no double submissions).
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
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
