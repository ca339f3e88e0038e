// Rendered at build time only (apps/console/first-paint.ts, in Node through Vite's SSR loader); the
// browser bundle never imports this file.
import { createApiClient } from '@terrace/api-client';
import { activateLocale, I18nProvider, i18n } from '@terrace/i18n';
import { ApiClientProvider } from '@terrace/session';
import { createConsoleRoutes } from '@terrace/shell';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
export { firstPaintScript } from './first-paint-script';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

/**
 * The markup of a sign-in page as the console's first render draws it in English (the default
 * language; no session), to paint before any script has run. Same route tree, providers and
 * catalog as the browser, so React's first render replaces it with the same boxes.
 */
export async function renderFirstPaint(path: string): Promise<string> {
  await activateLocale('en', undefined);
  const handler = createStaticHandler(createConsoleRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://console.invalid')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
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
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
