import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import { linguiReactPlugins } from '../libs/i18n/vite-plugins.ts';
import { workspaceAliases, workspaceFsAllow } from '../tools/vite/workspace-aliases.ts';

// The catalogue of every library's components; the same config feeds the story tests
// (.storybook/vitest.config.ts) through @storybook/addon-vitest.
const config: StorybookConfig = {
  stories: ['../libs/*/src/**/*.stories.@(ts|tsx)', '../libs/*/*/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // No internet here and no reason to phone home anywhere.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      resolve: { alias: workspaceAliases() },
      server: { fs: { allow: workspaceFsAllow() } },
      // Pre-bundled up front: a dependency discovered mid-run (recharts behind a lazy import)
      // makes Vite re-optimise and reload the page under a running story test.
      optimizeDeps: {
        include: [
          'recharts',
          'sonner',
          'radix-ui',
          'lucide-react',
          '@tanstack/react-virtual',
          'class-variance-authority',
          'clsx',
          'tailwind-merge',
        ],
      },
      plugins: [...linguiReactPlugins(), tailwindcss()],
    });
  },
};

export default config;
