import type { OutputAsset, OutputBundle } from 'rollup';
import { createServer, type Plugin, type PluginOption } from 'vite';

/** The module that renders a page's first paint at build time (in Node, through Vite's SSR loader). */
const renderModule = '/src/prerender/render-first-paint.tsx';

/**
 * The prerendered page is English: shown only while `<html lang>` (set above from the stored
 * language) is English and the address has no query; otherwise the loader shows until React
 * draws the page.
 * Inert, so nothing typed or clicked before the scripts run is lost when React replaces it.
 */
const firstPaintStyle =
  '<style>[data-first-paint]{display:contents}[data-first-paint-loader],html:not([lang|=en]) [data-first-paint],html[data-prerender=off] [data-first-paint]{display:none}' +
  'html:not([lang|=en]) [data-first-paint-loader],html[data-prerender=off] [data-first-paint-loader]{display:flex}</style>';

/**
 * Writes into the console's HTML pages what the browser paints before any script has run: every
 * page gets the settings script above; the route copies of `pages` (routes/*.html, written by
 * routePreloads) get the page's own markup, rendered by React at build time from the same route
 * tree, in place of the loader. React's first render (src/main.tsx waits until it can draw the
 * page itself) replaces it with the same boxes: no flash, no shift.
 */
export function firstPaint(
  pages: { path: string; html: string }[],
  /** What the build-time renderer needs to load the console's source (workspace paths, Lingui macros). */
  ssrPlugins: PluginOption[],
): Plugin {
  return {
    name: 'terrace-first-paint',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle: OutputBundle) {
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        plugins: ssrPlugins,
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderFirstPaint, firstPaintScript } = (await server.ssrLoadModule(
          renderModule,
        )) as {
          renderFirstPaint: (path: string) => Promise<string>;
          firstPaintScript: () => string;
        };
        const script = firstPaintScript();
        const htmlAssets = Object.values(bundle).filter(
          (file): file is OutputAsset => file.type === 'asset' && file.fileName.endsWith('.html'),
        );
        if (htmlAssets.length === 0) this.error('first-paint: no HTML page in the bundle');

        const markup = new Map<string, string>();
        for (const { path, html } of pages) markup.set(html, await renderFirstPaint(path));
        for (const asset of htmlAssets) {
          // First in <head>: a classic script waits for the stylesheets above it before it runs.
          let source = String(asset.source).replace(
            /(\n\s*)(<title>)/,
            `$1<script>${script.trim()}</script>$1${firstPaintStyle}$1$2`,
          );
          if (!source.includes(script.trim()))
            this.error(
              `first-paint: ${asset.fileName} has no <title> to put the settings script before`,
            );
          const page = markup.get(asset.fileName);
          if (page !== undefined) {
            const withPage = source.replace(
              /<div id="root">(<div )(.*)<\/div>/,
              `<div id="root"><div data-first-paint inert>${page}</div>$1data-first-paint-loader $2</div>`,
            );
            if (withPage === source)
              this.error(
                `first-paint: ${asset.fileName} has no loader in #root to put the page beside`,
              );
            source = withPage;
          }
          asset.source = source;
        }
        for (const { html } of pages)
          if (!htmlAssets.some((a) => a.fileName === html))
            this.error(`first-paint: no page ${html} in the bundle`);
      } finally {
        await server.close();
      }
    },
  };
}
