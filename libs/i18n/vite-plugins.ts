import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

const configPath = `${import.meta.dirname}/../../lingui.config.ts`;

/**
 * The Vite plugins every bundle of console code needs: React with the Lingui macro compiled away,
 * and the .po loader behind `activateLocale`. Shared so the console, Storybook and the test
 * configs cannot drift apart.
 */
export function linguiReactPlugins(): PluginOption[] {
  return [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui({ configPath }),
  ];
}

export { catalogParts, catalogPartsOf } from './catalog-parts';
