import type { ApiClient } from '@terrace/api-client';
import { createContext, useContext, type ReactNode } from 'react';

const ApiClientContext = createContext<ApiClient | null>(null);

export interface ApiClientProviderProps {
  client: ApiClient;
  children: ReactNode;
}

/**
 * The one provider of the console's data layer: the configured API client every domain's
 * request functions run on. The app provides it once; the test and story harnesses do the same.
 */
export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The configured client, for a domain's query options and mutations (components pass it on, never call it). */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider (apps/console and the test harnesses provide it).');
  return client;
}
