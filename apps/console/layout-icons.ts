import type { GetManualChunk, ManualChunkMeta } from 'rollup';

/** A lucide icon's module, named by its file: `…/lucide-react/dist/esm/icons/shield-check.js`. */
const iconModule = /\/lucide-react\/dist\/esm\/icons\/([a-z0-9-]+)\.js$/;
const barrelModule = /\/lucide-react\/dist\/esm\/lucide-react\.js$/;

interface EstreeNode {
  type: string;
  source?: { value?: unknown } | null;
  specifiers?: { type: string; imported?: { name?: string }; local?: { name?: string }; exported?: { name?: string } }[];
}

/** The top-level statements of a module's syntax tree, as rollup parsed it (after the plugins). */
function statementsOf(meta: ManualChunkMeta, id: string): EstreeNode[] {
  const ast = meta.getModuleInfo(id)?.ast as { body?: EstreeNode[] } | null | undefined;
  return ast?.body ?? [];
}

/** The icon names a module imports from lucide-react (`Bot`, `ShieldCheck`). */
function lucideImports(meta: ManualChunkMeta, id: string): string[] {
  return statementsOf(meta, id)
    .filter((node) => node.type === 'ImportDeclaration' && node.source?.value === 'lucide-react')
    .flatMap((node) => node.specifiers ?? [])
    .map((specifier) => specifier.imported?.name)
    .filter((name): name is string => Boolean(name));
}

/** Every name lucide-react exports, to the file of the icon it is (`Settings2` → `settings-2`). */
function iconFiles(meta: ManualChunkMeta, barrel: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const node of statementsOf(meta, barrel)) {
    const file = typeof node.source?.value === 'string' ? /\.\/icons\/([a-z0-9-]+)\.js$/.exec(node.source.value)?.[1] : undefined;
    if (node.type !== 'ExportNamedDeclaration' || !file) continue;
    for (const specifier of node.specifiers ?? []) if (specifier.exported?.name) files.set(specifier.exported.name, file);
  }
  return files;
}

/**
 * Keeps the icons a layout draws on its first render in one chunk (`chunk`), for rollup's
 * `manualChunks`. Left alone, each icon the layout shares with a page becomes a file of its own
 * (a few hundred bytes, most of it the file's own import and export lines): about ten files on
 * every route of the layout, 1.2 KiB gzip more than the same icons in one file
 * (tools/bench/README.md, "Seventh pass"). The layout's first render is the static imports
 * reachable from `layouts` (paths from the workspace root) within the layout's own library; what
 * the layout loads with `import()` (menus opened later) is not part of it.
 */
export function layoutIcons(layouts: string[], chunk = 'layout-icons'): GetManualChunk {
  let icons: Set<string> | undefined;

  const collect = (meta: ManualChunkMeta): Set<string> => {
    const ids = [...meta.getModuleIds()];
    const barrel = ids.find((id) => barrelModule.test(id));
    const starts = layouts.map((layout) => {
      const id = ids.find((candidate) => candidate.endsWith(`/${layout}`));
      if (!id) throw new Error(`layoutIcons: no module ${layout} in the build (renamed?)`);
      return id;
    });
    // Only the layout's own library: another library's index re-exports all of it, most of which
    // the layout does not draw (rollup drops it later; its module graph still holds it).
    const libraries = starts.map((id) => id.slice(0, id.indexOf('/src/') + '/src/'.length));
    const within = (id: string) => libraries.some((library) => id.startsWith(library));
    const names = new Set<string>();
    const seen = new Set<string>(starts);
    const queue = [...starts];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const name of lucideImports(meta, id)) names.add(name);
      for (const next of meta.getModuleInfo(id)?.importedIds ?? []) {
        if (!within(next) || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    const files = barrel ? iconFiles(meta, barrel) : new Map<string, string>();
    return new Set([...names].map((name) => files.get(name)).filter((file): file is string => Boolean(file)));
  };

  return (id, meta) => {
    const icon = iconModule.exec(id)?.[1];
    if (!icon) return undefined;
    icons ??= collect(meta);
    return icons.has(icon) ? chunk : undefined;
  };
}
