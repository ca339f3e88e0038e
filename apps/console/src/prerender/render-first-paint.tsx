// Rendered at build time only (apps/console/first-paint.ts, in Node through Vite's SSR loader); the
// browser bundle never imports this file.
import { createApiClient } from '@terrace/api-client';
import { activateLocale, I18nProvider, i18n } from '@terrace/i18n';
import { ApiClientProvider, appBase, storageKeys } from '@terrace/session';
import { ConsoleRoutes, preloadConsoleRoutes } from '@terrace/shell';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
export { firstPaintScript } from './first-paint-script';
import { StaticRouter } from 'react-router';
import { consolePages } from '../console-pages';

/**
 * What a signed-in visitor's browser holds before the session has answered: a token (its value
 * never used: nothing is fetched while rendering on the server) and no other setting.
 */
function signedInStorage(): Storage {
  const items = new Map<string, string>([[storageKeys.authToken, 'prerender']]);
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/**
 * The markup of a page as the console's first render draws it in English (the default language),
 * to paint before any script has run: a sign-in page without a session; an /app page as a
 * signed-in visitor's before the session has answered (the layout's frame and the page's
 * heading). Same route tree, providers and catalog as the browser, so React's first render
 * replaces it with the same boxes.
 */
export async function renderFirstPaint(path: string): Promise<string> {
  const signedIn = path.startsWith(`${appBase}/`);
  const global = globalThis as { localStorage?: Storage };
  const previous = global.localStorage;
  if (signedIn) global.localStorage = signedInStorage();
  try {
    return await render(path);
  } finally {
    if (signedIn) global.localStorage = previous;
  }
}

async function render(path: string): Promise<string> {
  await activateLocale('en', undefined);
  // Loaded before rendering: the routes then render without suspending (no loader in the markup).
  const pages = consolePages();
  await preloadConsoleRoutes({ pathname: path }, pages);
  const client = createApiClient({
    baseUrl: '/api',
    getToken: () => null,
    onUnauthorized: () => undefined,
    notify: () => undefined,
    navigate: { location: () => ({ pathname: path, search: '' }), go: () => undefined },
  });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ApiClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <StaticRouter location={path}>
            <ConsoleRoutes pages={pages} />
          </StaticRouter>
        </I18nProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
