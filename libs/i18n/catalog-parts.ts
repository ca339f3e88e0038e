import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The global the console's chunks call to load their part of the catalog (see activate-locale.ts). */
export const catalogPartGlobal = '__terraceCatalogPart';

const catalogModule = /\/locales\/([\w-]+)\/messages\.po$/;
const quoted = /"([^"\\\n]{1,120})"|'([^'\\\n]{1,120})'/g;

/** The English part files a built chunk loads before it runs (for preload links), relative to the chunk. */
export function catalogPartsOf(code: string): Record<string, string> | null {
  const call = code.match(new RegExp(`${catalogPartGlobal}\\?\\.\\(import\\.meta\\.url,\\s*(\\{[^}]*\\})\\)`));
  if (!call?.[1]) return null;
  // The minifier may have dropped the quotes of the keys.
  return Object.fromEntries([...call[1].matchAll(/"?([\w-]+)"?:"([^"]+)"/g)].map((m) => [m[1], m[2]]));
}

/**
 * Splits each locale's catalog by where its messages are used, at build time, from the one .po
 * file per locale (so the catalogs and their translation work stay as they are).
 *
 * The catalog chunk `activateLocale` imports keeps only the messages of the entry chunk and what
 * it imports statically. Every other chunk whose code names further message ids (the Lingui macro
 * compiles each message to its id) gets one small part file per locale, and starts with
 * `await globalThis.__terraceCatalogPart?.(import.meta.url, { en: "…", fr: "…", … })`: the chunk,
 * and so the page or dialog it holds, finishes loading only once its messages are loaded in the
 * active locale. A locale change loads every part loaded so far in the new locale.
 *
 * Build only: the dev server and the tests load the whole catalog.
 */
export function catalogParts(): Plugin {
  /** Compiled messages by locale, from the Lingui plugin's output for each .po module. */
  const catalogs = new Map<string, Record<string, unknown>>();
  /** Message ids each module's transformed code names. */
  const idsByModule = new Map<string, Set<string>>();
  let allIds = new Set<string>();
  let core: Set<string> | null = null;

  const idsIn = (code: string) => {
    const found = new Set<string>();
    for (const match of code.matchAll(quoted)) {
      const text = match[1] ?? match[2] ?? '';
      if (allIds.has(text)) found.add(text);
    }
    return found;
  };

  return {
    name: 'terrace-catalog-parts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const locale = id.split('?')[0]?.match(catalogModule)?.[1];
      if (!locale) return null;
      const messages = new Function(code.replace(/export\s+const\s+messages\s*=/, 'return '))() as unknown;
      if (!messages || typeof messages !== 'object') this.error(`catalog-parts: cannot read the compiled catalog ${id}`);
      catalogs.set(locale, messages as Record<string, unknown>);
      return null;
    },
    renderStart() {
      allIds = new Set([...catalogs.values()].flatMap((messages) => Object.keys(messages)));
      for (const id of this.getModuleIds()) {
        if (catalogModule.test(id.split('?')[0] ?? id)) continue;
        const code = this.getModuleInfo(id)?.code;
        if (code) idsByModule.set(id, idsIn(code));
      }
      core = null;
    },
    renderChunk(code, chunk, _options, meta) {
      if (catalogs.size === 0) return null;
      if (!core) {
        // What the entry chunk and its static imports name, and the chunks the entry imports itself
        // (the console's code, which its entry script imports in steps: apps/console main.tsx)
        // with theirs: loaded with the catalog itself. Those chunks cannot load a part of their
        // own, as the loader of parts (activate-locale.ts) is among them.
        core = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const rendered = meta.chunks[fileName];
          if (!rendered || seen.has(fileName)) return;
          seen.add(fileName);
          for (const id of Object.keys(rendered.modules)) for (const message of idsByModule.get(id) ?? []) core?.add(message);
          rendered.imports.forEach(visit);
        };
        for (const rendered of Object.values(meta.chunks)) {
          if (!rendered.isEntry) continue;
          visit(rendered.fileName);
          rendered.dynamicImports.forEach(visit);
        }
      }
      const locale = chunk.facadeModuleId?.split('?')[0]?.match(catalogModule)?.[1];
      if (locale) {
        const messages = catalogs.get(locale) ?? {};
        const kept = Object.fromEntries(Object.entries(messages).filter(([id]) => core?.has(id)));
        return { code: `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null };
      }
      if (chunk.isEntry) return null;
      // Ids named by the rendered code only (tree-shaken modules are gone from it).
      const own = [...idsIn(code)].filter((id) => !core?.has(id)).sort();
      if (own.length === 0) return null;
      const files: Record<string, string> = {};
      for (const [catalogLocale, messages] of catalogs) {
        const part = Object.fromEntries(own.filter((id) => id in messages).map((id) => [id, messages[id]]));
        const ref = this.emitFile({
          type: 'asset',
          name: `messages-${catalogLocale}.js`,
          source: `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(part))});`,
        });
        files[catalogLocale] = this.getFileName(ref).split('/').pop() ?? '';
      }
      const s = new MagicString(code);
      s.prepend(`await globalThis.${catalogPartGlobal}?.(import.meta.url,${JSON.stringify(files)});\n`);
      return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) };
    },
  };
}
