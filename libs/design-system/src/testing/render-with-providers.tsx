import { I18nProvider, i18n, type Direction } from '@terrace/i18n';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider, type Theme } from '../components/theme-provider/theme-provider';

/**
 * Renders inside the real providers a console page has (as a wrapper, so `rerender` keeps them)
 * and returns a userEvent session.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    theme = 'light',
    direction = 'ltr',
    ...options
  }: RenderOptions & { theme?: Theme; direction?: Direction } = {},
) {
  const user = userEvent.setup();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme} direction={direction}>
        {children}
      </ThemeProvider>
    </I18nProvider>
  );
  return { user, ...render(ui, { wrapper, ...options }) };
}
