import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
// A Vite configuration, not product code: it reaches the shared build helpers as the other configs do.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { linguiReactPlugins } from '../../../libs/i18n/vite-plugins';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { workspaceAliases, workspaceFsAllow } from '../../vite/workspace-aliases';

// The page the log-viewer bench opens: the design system's LogViewer from source, as the console
// bundles it (Lingui macros, the tokens' stylesheet), served by Vite.
// eslint-disable-next-line no-restricted-syntax -- Vite loads its configuration through the default export.
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/log-viewer-bench',
  resolve: { alias: workspaceAliases() },
  server: { fs: { allow: workspaceFsAllow() } },
  plugins: [...linguiReactPlugins(), tailwindcss()],
  logLevel: 'warn',
});
