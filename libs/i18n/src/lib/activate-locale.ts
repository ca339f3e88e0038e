// A reference, not an include: other projects type-check this file through the @terrace/i18n path
// alias, and the declaration of .po modules must travel with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./po-modules.d.ts" />
import { i18n, type Messages } from '@lingui/core';
import { localeInfo, type CatalogLocale } from './locales';

type CatalogModule = { messages: Messages };

// One dynamic import per locale so a user downloads only the catalog they use. The .po files are
// compiled on the fly by @lingui/vite-plugin, so every Vite config that bundles this must add it.
// In a production build (libs/i18n/catalog-parts.ts) each of these holds only the messages of the
// entry chunk; every other chunk loads its own part through `loadCatalogPart` below.
const loaders: Record<CatalogLocale, () => Promise<CatalogModule>> = {
  en: () => import('../locales/en/messages.po'),
  zh: () => import('../locales/zh/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  ja: () => import('../locales/ja/messages.po'),
  pseudo: () => import('../locales/pseudo/messages.po'),
};

/** A chunk's part of the catalog: its file per locale, relative to the chunk's URL. */
interface CatalogPart {
  base: string;
  files: Partial<Record<CatalogLocale, string>>;
}

const parts: CatalogPart[] = [];
/** The locale being activated or active; null until the first `activateLocale`. */
let wanted: CatalogLocale | null = null;

async function importPart(part: CatalogPart, locale: CatalogLocale): Promise<Messages> {
  const file = part.files[locale];
  if (!file) return {};
  const module = (await import(/* @vite-ignore */ new URL(file, part.base).href)) as CatalogModule;
  return module.messages;
}

/**
 * Called by a built chunk before it runs (top-level await): loads its messages in the locale in
 * use, and remembers the part so that a change of locale loads it too. Before the first
 * activation it only remembers: `activateLocale` loads it with the catalog.
 */
async function loadCatalogPart(base: string, files: CatalogPart['files']): Promise<void> {
  const part = { base, files };
  parts.push(part);
  const locale = wanted;
  if (locale) i18n.load(locale, await importPart(part, locale));
}

(globalThis as { __terraceCatalogPart?: typeof loadCatalogPart }).__terraceCatalogPart = loadCatalogPart;

/**
 * Loads the catalog of `locale` (once), with every catalog part loaded so far, and makes it the
 * active one; sets `<html lang>` to its BCP-47 tag so screen readers and Intl pick the right
 * language.
 */
export async function activateLocale(
  locale: CatalogLocale,
  doc: Document | undefined = globalThis.document,
): Promise<void> {
  wanted = locale;
  const [{ messages }, ...partMessages] = await Promise.all([loaders[locale](), ...parts.map((part) => importPart(part, locale))]);
  i18n.load(locale, messages);
  for (const more of partMessages) i18n.load(locale, more);
  i18n.activate(locale);
  if (doc) doc.documentElement.lang = locale === 'pseudo' ? 'en-XA' : localeInfo(locale).tag;
}
