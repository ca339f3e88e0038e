import { createApiClient, type ApiClient } from '@terrace/api-client';
import { toast } from '@terrace/design-system';
import { i18n } from '@terrace/i18n';
import {
  ApiClientProvider,
  appBase,
  clearSession,
  configureAccess,
  isAuthenticated,
  prefetchCurrentSession,
  readSignOutTarget,
  readToken,
  type AppPages,
} from '@terrace/session';
import { ConsoleProviders, ConsoleRoutes } from '@terrace/shell';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { BrowserRouter, useNavigate, type NavigateFunction } from 'react-router';
import type { ConsoleConfig } from './console-config';
import { consolePages } from './console-pages';

export interface Console {
  client: ApiClient;
  queryClient: QueryClient;
  /** The feature libraries' pages the routes render (preloadConsoleRoutes takes them too). */
  pages: AppPages;
  element: React.ReactElement;
}

/**
 * Composes the console: the one API client and its provider, the query cache, the route tree of
 * the shell with every feature's pages, and the providers. The app adds nothing else of its own.
 */
export function createConsole(config: ConsoleConfig): Console {
  configureAccess({ organizationAllowList: config.tfcMigrationOrganizationIds });

  const queryClient = new QueryClient({
    defaultOptions: {
      // The client has already toasted a failed call; retrying a 4xx only repeats the toast.
      queries: {
        retry: (count, error) => count < 2 && (error as { status?: number }).status === 0,
      },
    },
  });

  // The router's navigate once it has rendered: the client's redirects (a 401's sign-in) go through it.
  let navigate: NavigateFunction | null = null;
  const client = createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: readToken,
    onUnauthorized: () => {
      clearSession();
      queryClient.clear();
    },
    // Calls failing together for one reason (e.g. every call of a page answering 401) show one toast.
    notify: ({ title, description }) =>
      toast.error(i18n._(title), {
        id: title.id,
        ...(description ? { description: i18n._(description) } : {}),
      }),
    navigate: {
      location: () => ({ pathname: window.location.pathname, search: window.location.search }),
      go: (to, options) => {
        // Calls that find no token while an explicit sign-out is on its way go where the sign-out
        // chose, not to sign-in with the page being left as the redirect.
        const destination = readSignOutTarget() ?? to;
        if (options?.reload || !navigate) window.location.assign(destination);
        else void navigate(destination, { replace: true });
      },
    },
  });
  const pages = consolePages();
  // An /app page signed in: the session's calls start now, beside the layout's and page's chunks.
  if (
    isAuthenticated() &&
    (window.location.pathname === appBase || window.location.pathname.startsWith(`${appBase}/`))
  ) {
    prefetchCurrentSession(queryClient, client);
  }

  const element = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>
          <ConsoleProviders>
            <BrowserRouter>
              <NavigateHandle
                onChange={(current) => {
                  navigate = current;
                }}
              />
              <ConsoleRoutes pages={pages} />
            </BrowserRouter>
          </ConsoleProviders>
        </ApiClientProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  return { client, queryClient, pages, element };
}

/** Hands the router's navigate to code outside React (the API client's redirects). */
function NavigateHandle({ onChange }: { onChange: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  useEffect(() => onChange(navigate), [navigate, onChange]);
  return null;
}
