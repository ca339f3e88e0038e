import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient, type ApiClient, type ApiNotice } from '@terrace/api-client';
import type { ReactNode } from 'react';
import { ApiClientProvider } from '../lib/api-client-context';

export interface DataAccessHarness {
  /** The real API client, on `http://console.test/api` (answered by the file's MSW handlers). */
  client: ApiClient;
  /** A fresh cache with retries off, so a refused request fails at once. */
  queryClient: QueryClient;
  /** What the client told the user (the error catalogue's notices), in order. */
  notices: ApiNotice[];
  /** Provides both to `renderHook(…, { wrapper })`, as the console does. */
  wrapper: (props: { children: ReactNode }) => ReactNode;
}

/**
 * The harness of a domain's data-access tests (requests, queries and mutations): the one
 * configured client and a QueryClient, with the provider the console uses. Pair it with
 * `setupMsw()` and typed `handle(...)` answers.
 */
export function dataAccessHarness(): DataAccessHarness {
  const notices: ApiNotice[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = createApiClient({
    baseUrl: 'http://console.test/api',
    getToken: () => 'tok',
    onUnauthorized: () => undefined,
    notify: (notice) => void notices.push(notice),
    navigate: { location: () => ({ pathname: '/app', search: '' }), go: () => undefined },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  return { client, queryClient, notices, wrapper };
}
