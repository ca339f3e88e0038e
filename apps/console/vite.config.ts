import { fileURLToPath } from 'node:url';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { catalogParts, catalogPartsOf, linguiReactPlugins } from '../../libs/i18n/vite-plugins';
import { projectTest } from '../../tools/vitest/test-config';
import { firstPaint } from './first-paint';
import { layoutIcons } from './layout-icons';
import { precompress } from './precompress';
import { routePreloads } from './route-preloads';

// react-router's package exports name its development build for every condition (remix-run/
// react-router#12532, #14102): its dev warnings and their strings would ship to every user. The
// console's build takes the production build the package also contains.
const reactRouterProduction = fileURLToPath(
  new URL('dist/production/index.mjs', import.meta.resolve('react-router/package.json')),
);

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  cacheDir: '../../node_modules/.vite/apps/console',
  plugins: [
    nxViteTsPaths(),
    ...linguiReactPlugins(),
    tailwindcss(),
    // Each chunk loads the messages it uses with it; the first catalog holds the entry's only.
    catalogParts(),
    // What the first render of the main routes loads on demand, preloaded from their page
    // (modules by path; the build fails if one is renamed without updating this table).
    routePreloads(
      [
        { prefix: '/auth', modules: ['libs/shell/src/auth/auth-layout.tsx'] },
        {
          prefix: '/auth/login',
          modules: ['libs/shell/src/auth/auth-layout.tsx', 'libs/shell/src/auth/login-page.tsx'],
        },
        {
          prefix: '/auth/signup',
          modules: ['libs/shell/src/auth/auth-layout.tsx', 'libs/shell/src/auth/sign-up-page.tsx'],
        },
        { prefix: '/app', modules: ['libs/shell/src/lib/layout/app-layout.tsx'] },
        {
          // The default home page.
          prefix: '/app/dashboard',
          modules: [
            'libs/shell/src/lib/layout/app-layout.tsx',
            'libs/dashboard/feature/src/lib/dashboard-page.tsx',
          ],
        },
        {
          prefix: '/app/namespaces',
          modules: [
            'libs/shell/src/lib/layout/app-layout.tsx',
            'libs/namespaces/feature/src/lib/namespace-list-page.tsx',
          ],
        },
      ],
      // English is the default language: its catalog is what a first visit loads. The console's
      // code, which the entry script imports in two steps (src/main.tsx), loads with every page.
      [
        'apps/console/src/react-root.ts',
        'apps/console/src/start-console.tsx',
        'libs/i18n/src/locales/en/messages.po',
      ],
      // The English part of the catalog each of those chunks loads before it runs (catalogParts).
      (code) => [catalogPartsOf(code)?.['en']].filter((file): file is string => Boolean(file)),
    ),
    // The sign-in pages and the namespace list's frame painted from their HTML, before any
    // script (the route copies above).
    firstPaint(
      [
        { path: '/auth/login', html: 'routes/auth-login.html' },
        { path: '/auth/signup', html: 'routes/auth-signup.html' },
        { path: '/app/namespaces', html: 'routes/app-namespaces.html' },
      ],
      [nxViteTsPaths(), ...linguiReactPlugins()],
    ),
    precompress(),
  ],
  server: { port: 4200, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: '../../dist/apps/console',
    emptyOutDir: true,
    reportCompressedSize: true,
    // Each route's own chunk stays small; this warns when a single chunk grows past the budget.
    chunkSizeWarningLimit: 500,
    // libs/domain is rules and constants only: a module of it none of whose exports a chunk uses
    // is dropped whole (its top-level tables would otherwise stay, rollup cannot prove them pure).
    rollupOptions: {
      treeshake: { moduleSideEffects: (id) => !id.includes('/libs/domain/') },
      // The icons the app layout draws on its first render in one file rather than ten
      // (layout-icons.ts); every other icon stays where rollup puts it.
      output: { manualChunks: layoutIcons(['libs/shell/src/lib/layout/app-layout.tsx']) },
    },
    // No merging of small chunks (rollup's experimentalMinChunkSize): it moved shared definitions
    // into the entry chunk and into unrelated pages' chunks, 7 to 20 KiB gzip more on every route
    // (tools/bench/README.md). The first route's chunks are preloaded together from its page
    // (routePreloads above), so their number costs no waterfall.
  },
  test: projectTest('console', {
    environment: 'jsdom',
    setupFiles: ['../../tools/vitest/component-setup.ts', 'src/test-setup.ts'],
  }),
}));
