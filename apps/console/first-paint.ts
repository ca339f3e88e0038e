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
  'html:not([lang|=en]) [data-first-paint-loader],html[data-prerender=off] [data-first-paint-loader]{display:flex}' +
  // The reminder banners' reserved room (libs/shell ReservedReminderBanners): only the expected ones.
  '[data-reminder-slot]{display:none}html[data-reminders~=mfa] [data-reminder-slot=mfa],html[data-reminders~=sso] [data-reminder-slot=sso]{display:block}</style>';

/**
 * What loads a prerendered page's scripts once it has painted. The page shows without them (its
 * markup is inert until React replaces it), and a request started before the first paint competes
 * with the stylesheet for the network: Lighthouse's simulation (Lantern) counts every request
 * started before the first contentful paint into its pessimistic estimate of it. So the entry
 * script and the route's module preloads are added when the browser reports that paint; where it
 * does not report paints (no PerformanceObserver for them), at once, as a plain page would load
 * them; and after `fallbackMs` in any case (a tab opened in the background paints only once shown).
 */
export function scriptsAfterPaintScript(
  entry: string,
  preloads: string[],
  fallbackMs = 3000,
): string {
  // The entry first, then the preloads a few per task: inserting them all at once was one of the
  // page's long tasks (about 20 ms for 50 links, times four on Lighthouse's phone).
  return `(function(){var done=0;function load(){if(done)return;done=1;var h=document.head,f=${JSON.stringify(preloads)},i=0,s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};h.appendChild(s);(function next(){for(var n=0;n<8&&i<f.length;n++,i++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=f[i];h.appendChild(l)}if(i<f.length)setTimeout(next,0)})()}try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)return load();new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)load()}).observe({type:"paint",buffered:true});setTimeout(load,${fallbackMs})}catch(e){load()}})();`;
}

/** `<script type="module" src>` and `<link rel="modulepreload">` of a page's <head>. */
const entryScriptTag = /\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreloadTag = /\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

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
            // The scripts load once the page has painted (scriptsAfterPaintScript), not from <head>.
            const entry = entryScriptTag.exec(withPage)?.[1];
            if (!entry) this.error(`first-paint: ${asset.fileName} has no entry script`);
            const preloads = [...withPage.matchAll(modulePreloadTag)].map(([, href]) => href ?? '');
            source = withPage
              .replace(entryScriptTag, '')
              .replace(modulePreloadTag, '')
              .replace(
                /(\n\s*)<\/body>/,
                `$1  <script>${scriptsAfterPaintScript(entry, preloads)}</script>$1</body>`,
              );
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
