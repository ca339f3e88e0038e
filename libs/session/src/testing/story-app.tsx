import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient } from '@terrace/api-client';
import { i18n } from '@terrace/i18n';
import { useMemo, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiClientProvider } from '../lib/api-client-context';
import type { ConsoleTestUi } from './console-test-ui';
import { sessionAnswers } from './session-answers';

/**
 * Answers of the API for a story, by `METHOD /path` with `{param}` segments, as the wire format's
 * items, or a whole `Response` (an event stream).
 */
export type StoryRoutes = Record<string, (url: URL, body: unknown) => unknown[] | Response>;

/** The session calls of a story answered for a user of `role`, so its page decides access as in the console. */
export function signedInStoryRoutes(role: string): StoryRoutes {
  const answers = sessionAnswers(role);
  return {
    'GET /auth/me': () => [answers.me],
    'GET /iam/org/userOrgRole': () => [answers.orgRole],
    'GET /org/capabilities': () => [answers.capabilities],
  };
}

/**
 * The fetch the stories give the real API client: Storybook has no server, so the answers come
 * from the story, wrapped in the wire format's envelope. The client, requests and queries are real.
 */
function storyFetch(routes: StoryRoutes): typeof fetch {
  const table = Object.entries(routes).map(([key, answer]) => {
    const [method, path] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return { method, pattern, answer };
  });
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const route = table.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    const items = route ? route.answer(url, text ? JSON.parse(text) : undefined) : [];
    if (items instanceof Response) return items;
    return new Response(JSON.stringify({ request: { id: 'story' }, response: { items, errors: [] } }), {
      status: route ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}

export interface StoryAppProps {
  path: string;
  url: string;
  element: ReactElement;
  routes: StoryRoutes;
}

/**
 * A feature's `StoryApp`: a page inside the console's data providers (the real client over the
 * story's answers, from the one provider) and a memory router, for stories and screenshots. Storybook's preview supplies the theme and toaster; `ui.notify` raises the toasts.
 */
export function storyApp({ ui }: { ui: Pick<ConsoleTestUi, 'notify'> }) {
  return function StoryApp({ path, url, element, routes }: StoryAppProps) {
    const { queryClient, client } = useMemo(
      () => ({
        client: createApiClient({
          baseUrl: `${window.location.origin}/api`,
          getToken: () => 'story',
          onUnauthorized: () => undefined,
          notify: (notice) => ui.notify(i18n._(notice.title)),
          navigate: { location: () => ({ pathname: '/app', search: '' }), go: () => undefined },
          fetch: storyFetch(routes),
        }),
        queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      }),
      [path, url, element, routes],
    );
    return (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>
          <MemoryRouter key={url} initialEntries={[url]}>
            <Routes>
              <Route path={`/app/${path}`} element={element} />
              <Route path="*" element={null} />
            </Routes>
          </MemoryRouter>
        </ApiClientProvider>
      </QueryClientProvider>
    );
  };
}
