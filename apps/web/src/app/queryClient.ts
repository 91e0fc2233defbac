import { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query does not retry on its own: lib/api.ts already retries what is worth retrying
 * (5xx/408/429 and network failures, with the spec's backoff), so a second layer would multiply waits.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
