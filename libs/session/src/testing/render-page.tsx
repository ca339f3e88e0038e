import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient, type ApiNotice } from '@terrace/api-client';
import { I18nProvider, i18n } from '@terrace/i18n';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ApiClientProvider } from '../lib/api-client-context';
import type { ConsoleTestUi } from './console-test-ui';
import { testRouter } from './test-router';

/** One MSW server per test file, failing on any request no handler answers. */
export function setupMsw() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export interface RenderPageOptions {
  /** The page under test at its route path, e.g. `namespace/:namespaceId`. */
  path: string;
  element: ReactElement;
  /** The URL to open, e.g. `/app/namespace/ns-1?tab=permissions`. */
  url: string;
  /** Other routes the page may navigate to, rendered as a heading naming them. */
  otherPaths?: string[];
}

export interface PageHarness {
  ui: ConsoleTestUi;
}

/**
 * Renders a page the way the console does: the real API client from the one provider (against
 * MSW), a fresh QueryClient with retries off, Lingui, the design system's frame and toaster
 * (`ui`), in a memory router (declarative, as the console's).
 */
export function renderConsolePage({ ui }: PageHarness, { path, element, url, otherPaths = [] }: RenderPageOptions) {
  const notices: ApiNotice[] = [];
  const client = createApiClient({
    baseUrl: 'http://console.test/api',
    getToken: () => 'token',
    onUnauthorized: () => undefined,
    // The console shows the error catalogue's notice as a toast; so do the tests.
    notify: (notice) => {
      notices.push(notice);
      ui.notify(i18n._(notice.title));
    },
    navigate: { location: () => ({ pathname: '/app', search: '' }), go: () => undefined },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { router, Probe } = testRouter();
  const user = userEvent.setup();
  const view = render(
    <I18nProvider i18n={i18n}>
      <ui.Frame>
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={client}>
            <MemoryRouter initialEntries={[url]}>
              <Probe />
              <Routes>
                <Route path={`/app/${path}`} element={element} />
                {otherPaths.map((other) => (
                  <Route key={other} path={`/app/${other}`} element={<h1>{`route ${other}`}</h1>} />
                ))}
              </Routes>
            </MemoryRouter>
          </ApiClientProvider>
        </QueryClientProvider>
      </ui.Frame>
    </I18nProvider>,
  );
  return { ...view, user, router, queryClient, client, notices };
}

/** A feature's `renderPage`: the harness bound to the design system's frame. */
export function pageRenderer(harness: PageHarness) {
  return (options: RenderPageOptions) => renderConsolePage(harness, options);
}
