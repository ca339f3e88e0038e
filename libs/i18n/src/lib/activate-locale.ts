// A reference, not an include: other projects type-check this file through the @terrace/i18n path
// alias, and the declaration of .po modules must travel with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./po-modules.d.ts" />
import { i18n, type Messages } from '@lingui/core';
import { localeInfo, type CatalogLocale } from './locales';

type CatalogModule = { messages: Messages };

// One dynamic import per locale so a user downloads only the catalog they use. The .po files are
// compiled on the fly by @lingui/vite-plugin, so every Vite config that bundles this must add it.
const loaders: Record<CatalogLocale, () => Promise<CatalogModule>> = {
  en: () => import('../locales/en/messages.po'),
  zh: () => import('../locales/zh/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  ja: () => import('../locales/ja/messages.po'),
  pseudo: () => import('../locales/pseudo/messages.po'),
};

/**
 * Loads the catalog of `locale` (once) and makes it the active one; sets `<html lang>` to its
 * BCP-47 tag so screen readers and Intl pick the right language.
 */
export async function activateLocale(
  locale: CatalogLocale,
  doc: Document | undefined = globalThis.document,
): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  if (doc) doc.documentElement.lang = locale === 'pseudo' ? 'en-XA' : localeInfo(locale).tag;
}
