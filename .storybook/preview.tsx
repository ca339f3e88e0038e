import type { Decorator, Preview } from '@storybook/react-vite';
import { preloadToaster, ThemeProvider, Toaster, type Theme } from '@terrace/design-system';
import { activateLocale, I18nProvider, i18n, isLocale, type Direction } from '@terrace/i18n';
import { configure } from 'storybook/test';

type Globals = { theme?: Theme; direction?: Direction; locale?: string };

// The story tests run every story twice (see vitest.config.ts) in an automated browser whose
// colour scheme and language pick the pass: dark + rtl (Arabic locale) or light + ltr. In the
// Storybook UI the story starts light and ltr and the toolbar decides.
const automated = typeof navigator !== 'undefined' && navigator.webdriver;
const passTheme: Theme = automated && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
const passDirection: Direction = automated && navigator.language.startsWith('ar') ? 'rtl' : 'ltr';

// Play functions wait on what a story loads on first use (a form's checks at the first press, a
// select's code); the default 1 s for findBy* ran out on a loaded two-core machine. As in the
// component tests (tools/vitest/component-setup.ts): a wait that finds nothing still fails.
configure({ asyncUtilTimeout: 10_000 });

// Every story renders inside the same providers the console uses, driven by the toolbar.
const withProviders: Decorator = (Story, context) => {
  const { theme = 'light', direction = 'ltr' } = context.globals as Globals;
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme} direction={direction}>
        <div className="bg-background p-6 text-foreground">
          <Story />
        </div>
        <Toaster />
      </ThemeProvider>
    </I18nProvider>
  );
};

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    direction: {
      description: 'Text direction',
      toolbar: { title: 'Direction', icon: 'transfer', items: ['ltr', 'rtl'], dynamicTitle: true },
    },
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'zh', title: '中文' },
          { value: 'fr', title: 'Français' },
          { value: 'ja', title: '日本語' },
          { value: 'pseudo', title: 'Pseudo (find hard-coded text)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: passTheme, direction: passDirection, locale: 'en' },
  loaders: [
    async ({ globals }) => {
      const locale = (globals as Globals).locale;
      // The console loads sonner on the first toast; stories' interaction waits are too short for that.
      await Promise.all([activateLocale(isLocale(locale) || locale === 'pseudo' ? locale : 'en'), preloadToaster()]);
      return {};
    },
  ],
  decorators: [withProviders],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // A violation fails the story's test, not just a warning in the panel.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
