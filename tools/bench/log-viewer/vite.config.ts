import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { linguiReactPlugins } from '../../../libs/i18n/vite-plugins';
import { workspaceAliases, workspaceFsAllow } from '../../vite/workspace-aliases';

// The page the log-viewer bench opens: the design system's LogViewer from source, as the console
// bundles it (Lingui macros, the tokens' stylesheet), served by Vite.
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/log-viewer-bench',
  resolve: { alias: workspaceAliases() },
  server: { fs: { allow: workspaceFsAllow() } },
  plugins: [...linguiReactPlugins(), tailwindcss()],
  logLevel: 'warn',
});
