import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { linguiReactPlugins } from '../i18n/vite-plugins';
import { workspaceAliases, workspaceFsAllow } from '../../tools/vite/workspace-aliases';
import { projectTest } from '../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/libs/design-system',
  resolve: { alias: workspaceAliases() },
  // The library's package.json (side-effect hints for app bundles) would otherwise make this
  // folder Vite's workspace root and shut out the shared set-up under tools/.
  server: { fs: { allow: workspaceFsAllow() } },
  plugins: [...linguiReactPlugins(), tailwindcss()],
  test: projectTest('design-system', {
    environment: 'jsdom',
    setupFiles: ['../../tools/vitest/component-setup.ts', 'src/test-setup.ts'],
  }),
});
