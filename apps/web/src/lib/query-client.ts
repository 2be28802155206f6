import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Spec §7: data never goes stale, 2 retries with exponential delay capped at 10 s, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
