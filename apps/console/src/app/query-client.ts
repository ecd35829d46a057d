import { QueryClient } from '@tanstack/react-query';
import { ConsoleApiError } from '../lib/api.ts';

/** Operators act on fresh data: refetch on focus; never retry a refusal (4xx) from the server. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ConsoleApiError && error.status >= 400 && error.status < 500),
    },
  },
});
