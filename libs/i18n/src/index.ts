export { i18n } from '@lingui/core';
export { I18nProvider } from '@lingui/react';
export {
  locales,
  defaultLocale,
  isLocale,
  localeInfo,
  type Locale,
  type CatalogLocale,
  type LocaleInfo,
  type Direction,
} from './lib/locales';
export { activateLocale } from './lib/activate-locale';
export { directionOf, applyDocumentDirection } from './lib/direction';
