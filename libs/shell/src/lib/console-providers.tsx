import { I18nProvider, activateLocale, i18n } from '@terrace/i18n';
import { ThemeProvider, Toaster } from '@terrace/design-system';
import { useLocalSettings } from '@terrace/session';
import { useEffect, useState, type ReactNode } from 'react';

export interface ConsoleProvidersProps {
  children: ReactNode;
}

/**
 * Language, theme and direction from the local settings, applied to the whole document, plus
 * the toaster. Nothing renders until the first catalog is loaded, so no text flashes in English.
 */
export function ConsoleProviders({ children }: ConsoleProvidersProps) {
  const [settings] = useLocalSettings();
  // Already active when the entry activated it before the first render (apps/console main.tsx):
  // the first render then draws the page, not nothing.
  const [loadedLocale, setLoadedLocale] = useState<string | null>(() =>
    i18n.locale === settings.locale ? settings.locale : null,
  );

  useEffect(() => {
    let current = true;
    void activateLocale(settings.locale).then(() => {
      if (current) setLoadedLocale(settings.locale);
    });
    return () => {
      current = false;
    };
  }, [settings.locale]);

  return (
    <ThemeProvider theme={settings.theme} direction={settings.direction}>
      {loadedLocale === null ? null : (
        <I18nProvider i18n={i18n}>
          {children}
          <Toaster />
        </I18nProvider>
      )}
    </ThemeProvider>
  );
}
