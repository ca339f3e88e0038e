import { createHash } from 'node:crypto';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import type { OutputAsset, OutputBundle } from 'rollup';
import { createServer, type Plugin } from 'vite';
import { linguiReactPlugins } from '../../libs/i18n/vite-plugins';
import { locales } from '../../libs/i18n/src/lib/locales';
import { storageKeys } from '../../libs/session/src/lib/storage-keys';

/** The module that renders a page's first paint at build time (in Node, through Vite's SSR loader). */
const renderModule = '/src/prerender/render-first-paint.tsx';

/**
 * Applies the stored theme, direction and language to `<html>` before the first paint, so the
 * markup below (and the loader) is drawn as the user's console looks, not light, LTR and English
 * for a moment. A classic script in <head>: the Content-Security-Policy allows no inline script.
 * The rules are the local settings' (libs/session local-settings.ts): the theme key wins over the
 * settings' theme; an invalid value keeps the default. A page was prerendered without a query
 * (sign-in's `?redirect=` changes its text), so one with a query shows the loader instead.
 */
export function firstPaintScript(): string {
  const tags = Object.fromEntries(
    locales.map((l) => [l.id, l.tag]),
  );
  return `(function(){try{var d=document.documentElement,s=JSON.parse(localStorage.getItem(${JSON.stringify(storageKeys.localSettings)})||"{}")||{},t=localStorage.getItem(${JSON.stringify(storageKeys.theme)}),l=${JSON.stringify(tags)};if(t!=="light"&&t!=="dark")t=s.theme;d.classList.toggle("dark",t==="dark");if(s.direction==="ltr"||s.direction==="rtl")d.dir=s.direction;if(Object.prototype.hasOwnProperty.call(l,s.locale))d.lang=l[s.locale];if(location.search)d.setAttribute("data-prerender","off")}catch(e){}})();\n`;
}

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
export function firstPaint(pages: { path: string; html: string }[]): Plugin {
  return {
    name: 'terrace-first-paint',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle: OutputBundle) {
      const script = firstPaintScript();
      const scriptFile = `assets/first-paint-${createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
      const htmlAssets = Object.values(bundle).filter(
        (file): file is OutputAsset => file.type === 'asset' && file.fileName.endsWith('.html'),
      );
      if (htmlAssets.length === 0) this.error('first-paint: no HTML page in the bundle');

      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        plugins: [nxViteTsPaths(), ...linguiReactPlugins()],
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderFirstPaint } = (await server.ssrLoadModule(renderModule)) as {
          renderFirstPaint: (path: string) => Promise<string>;
        };
        const markup = new Map<string, string>();
        for (const { path, html } of pages) markup.set(html, await renderFirstPaint(path));
        for (const asset of htmlAssets) {
          // First in <head>: a classic script waits for the stylesheets above it before it runs.
          let source = String(asset.source).replace(
            /(\n\s*)(<title>)/,
            `$1<script src="/${scriptFile}"></script>$1${firstPaintStyle}$1$2`,
          );
          if (!source.includes(scriptFile))
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
