// Rendered at build time only (apps/console/first-paint.ts, in Node through Vite's SSR loader); the
// browser bundle never imports this file.
import { createApiClient } from '@terrace/api-client';
import { activateLocale, I18nProvider, i18n } from '@terrace/i18n';
import { ApiClientProvider } from '@terrace/session';
import { ConsoleRoutes, preloadConsoleRoutes } from '@terrace/shell';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
export { firstPaintScript } from './first-paint-script';
import { StaticRouter } from 'react-router';

/**
 * The markup of a sign-in page as the console's first render draws it in English (the default
 * language; no session), to paint before any script has run. Same route tree, providers and
 * catalog as the browser, so React's first render replaces it with the same boxes.
 */
export async function renderFirstPaint(path: string): Promise<string> {
  await activateLocale('en', undefined);
  // Loaded before rendering: the routes then render without suspending (no loader in the markup).
  await preloadConsoleRoutes({ pathname: path });
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
            <ConsoleRoutes />
          </StaticRouter>
        </I18nProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
