import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rollup, type GetManualChunk, type OutputChunk, type RollupBuild } from 'rollup';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutIcons } from '../../layout-icons';

let dir = '';

const lucideBarrel = join(dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/lucide-react.js');

/**
 * A console in miniature: an entry that loads a layout and a page with `import()`. The layout
 * draws Bot and Settings2 itself and ShieldCheck through a module of its library; it imports
 * another library's index, which re-exports a component drawing Columns3 the layout never uses;
 * it loads its menu (drawing Bell) on demand. The page draws ShieldCheck and Plus.
 */
const sources: Record<string, string> = {
  'src/main.js': `export const layout = () => import('../libs/shell/src/lib/layout/app-layout.js');
export const page = () => import('../libs/policies/src/page.js');`,
  'libs/shell/src/lib/layout/app-layout.js': `import { Bot, Settings2 } from 'lucide-react';
import { navIcon } from './nav-icon.js';
import { label } from '../../../../design-system/src/index.js';
export const menu = () => import('./menu.js');
export const layout = [Bot, Settings2, navIcon, label];`,
  'libs/shell/src/lib/layout/nav-icon.js': `import { ShieldCheck } from 'lucide-react';
export const navIcon = ShieldCheck;`,
  'libs/shell/src/lib/layout/menu.js': `import { Bell } from 'lucide-react';
export const menu = Bell;`,
  'libs/design-system/src/index.js': `export { label } from './label.js';
export { columns } from './table.js';`,
  'libs/design-system/src/label.js': `export const label = 'label';`,
  'libs/design-system/src/table.js': `import { Columns3 } from 'lucide-react';
export const columns = Columns3;`,
  'libs/policies/src/page.js': `import { Plus, ShieldCheck } from 'lucide-react';
import { columns } from '../../design-system/src/index.js';
export const page = [Plus, ShieldCheck, columns];`,
};

let bundle: RollupBuild | undefined;
afterAll(async () => {
  await bundle?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Bundles the miniature console once (lucide's index of 1,600 icons takes seconds to parse). */
async function bundleConsole(): Promise<RollupBuild> {
  if (bundle) return bundle;
  dir = await mkdtemp(join(tmpdir(), 'terrace-layout-icons-'));
  for (const [file, code] of Object.entries(sources)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), code);
  }
  bundle = await rollup({
    input: join(dir, 'src/main.js'),
    external: ['react'],
    // lucide-react's package.json says its modules have no side effects, as Vite's resolver reads.
    treeshake: { moduleSideEffects: (id) => !id.includes('/lucide-react/') },
    plugins: [{ name: 'lucide-react', resolveId: (source) => (source === 'lucide-react' ? lucideBarrel : null) }],
  });
  return bundle;
}

/** The chunks of the miniature console, split by `manualChunks`. */
async function buildConsole(manualChunks?: GetManualChunk): Promise<OutputChunk[]> {
  const output = await (await bundleConsole()).generate({ format: 'es', manualChunks });
  return output.output.filter((item): item is OutputChunk => item.type === 'chunk');
}

/** The lucide icons each chunk holds, by chunk name. */
const iconsByChunk = (chunks: OutputChunk[]) =>
  Object.fromEntries(
    chunks
      .map((chunk) => [chunk.name, Object.keys(chunk.modules).flatMap((id) => /icons\/([a-z0-9-]+)\.js$/.exec(id)?.[1] ?? []).sort()] as const)
      .filter(([, icons]) => icons.length > 0),
  );

describe('layoutIcons', () => {
  it('without it, each icon the layout shares with a page is a file of its own', async () => {
    const icons = iconsByChunk(await buildConsole());
    expect(icons['shield-check']).toEqual(['shield-check']);
  });

  it('puts the icons the layout draws on its first render in one chunk, and no other icon', async () => {
    const icons = iconsByChunk(await buildConsole(layoutIcons(['libs/shell/src/lib/layout/app-layout.js'])));
    // Drawn by the layout or a module of its library, shared with the page or not.
    expect(icons['layout-icons']).toEqual(['bot', 'settings-2', 'shield-check']);
    // The menu loaded later, the page's own icon and another library's: where rollup puts them.
    expect(icons['menu']).toEqual(['bell']);
    expect(icons['page']).toEqual(['columns-3', 'plus']);
  });

  it('fails the build when the layout it is given is not in it', async () => {
    await expect(buildConsole(layoutIcons(['libs/shell/src/lib/layout/renamed-layout.js']))).rejects.toThrow(
      /no module libs\/shell\/src\/lib\/layout\/renamed-layout\.js/,
    );
  });
});
