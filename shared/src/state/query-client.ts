import { QueryClient } from '@tanstack/react-query';

/**
 * The page's one QueryClient, made by whoever starts the page (the host at start-up, or the
 * sister-product embed) and handed to `AppProviders`. react-query is a federated singleton, so the
 * host and every remote read this one cache: a session resource the host loaded is not asked for again
 * by a remote, and two components that want the same figures share one request.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failure shows at once with its Retry (product §8): retrying a 403 or a 409 three times with
        // back-off would hold a spinner on screen for seconds and change nothing.
        retry: false,
        // Figures refresh on the product's own schedule (TV mode, the factory cache check, the hourly
        // account settings) or when the selection changes; a refetch on every return to the tab would
        // recompute the analytics of a period that is over.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
