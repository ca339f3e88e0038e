export type Direction = 'ltr' | 'rtl';

export interface LocaleInfo {
  /** The catalog name, as in lingui.config.ts. */
  readonly id: 'en' | 'zh' | 'fr' | 'ja';
  /** The BCP-47 tag used for Intl formatting and `<html lang>`. */
  readonly tag: string;
  /** The locale's own name for itself, shown in language pickers untranslated on purpose. */
  readonly nativeName: string;
  readonly direction: Direction;
}

export const locales = [
  { id: 'en', tag: 'en-US', nativeName: 'English', direction: 'ltr' },
  { id: 'zh', tag: 'zh', nativeName: '中文', direction: 'ltr' },
  { id: 'fr', tag: 'fr-FR', nativeName: 'Français', direction: 'ltr' },
  { id: 'ja', tag: 'ja-JP', nativeName: '日本語', direction: 'ltr' },
] as const satisfies readonly LocaleInfo[];

export type Locale = (typeof locales)[number]['id'];

/** The pseudo-locale is for developers hunting hard-coded text; it is never offered to users. */
export type CatalogLocale = Locale | 'pseudo';

export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return locales.some((l) => l.id === value);
}

export function localeInfo(locale: Locale): LocaleInfo {
  // `locales` covers every member of Locale, so the lookup cannot miss.
  return locales.find((l) => l.id === locale) as LocaleInfo;
}
