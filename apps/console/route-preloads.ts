import { relative, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** A console path prefix and the source modules its first render loads on demand. */
export interface RoutePreload {
  /** `/auth`, `/auth/login`, `/app/namespaces`: the path itself and everything under it. */
  prefix: string;
  /** Workspace-relative source files whose chunks (and their static imports) the route needs. */
  modules: string[];
}

/** Where the page variants and their index live in the build (read by apps/api static-console.ts). */
export const routePreloadsIndex = 'routes/preloads.json';

const workspaceRoot = resolve(import.meta.dirname, '../..');

/**
 * The console's routes load their layout, page and locale catalog with `import()`, which the
 * browser discovers only once the entry chunk has run. For each prefix of the table this writes a
 * copy of index.html with `<link rel="modulepreload">` for those chunks, so they download beside
 * the entry chunk instead of after it; the API serves the copy of the longest prefix that matches
 * the path (`routes/preloads.json`: `[{ prefix, html }]`, longest first).
 */
export function routePreloads(
  table: RoutePreload[],
  everyRoute: string[] = [],
  /** Files a chunk loads itself before it runs (by its code), relative to the chunk: preloaded with it. */
  companions: (code: string) => string[] = () => [],
): Plugin {
  return {
    name: 'terrace-route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle: OutputBundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') this.error('route-preloads: index.html is not in the bundle');
      const indexHtml = String(html.source);
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) byModule.set(relative(workspaceRoot, id.split('?')[0] ?? id), chunk);
      }
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
      };
      // The entry chunk and what it imports statically are loaded by the page's script tag already.
      const loaded = new Set<string>();
      for (const chunk of chunks.filter((c) => c.isEntry)) withImports(chunk.fileName, loaded);

      const variants: { prefix: string; html: string }[] = [];
      for (const { prefix, modules } of table) {
        const files = new Set<string>();
        for (const module of [...everyRoute, ...modules]) {
          const chunk = byModule.get(module);
          if (!chunk) this.error(`route-preloads: no chunk holds ${module} (listed for ${prefix})`);
          withImports(chunk.fileName, files);
        }
        for (const file of [...files]) {
          for (const companion of companions(byFile.get(file)?.code ?? '')) files.add(`${file.slice(0, file.lastIndexOf('/') + 1)}${companion}`);
        }
        const links = [...files]
          .filter((file) => !loaded.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n');
        const fileName = `routes${prefix.replace(/\//g, '-')}.html`.replace('routes-', 'routes/');
        this.emitFile({ type: 'asset', fileName, source: indexHtml.replace(/\n?\s*<\/head>/, `\n${links}\n  </head>`) });
        variants.push({ prefix, html: `/${fileName}` });
      }
      variants.sort((a, b) => b.prefix.length - a.prefix.length);
      this.emitFile({ type: 'asset', fileName: routePreloadsIndex, source: `${JSON.stringify(variants, null, 2)}\n` });
    },
  };
}
