import { localeInfo, type Direction, type Locale } from './locales';

/**
 * The natural writing direction of a locale. All four product locales are left-to-right; the
 * console still lets the user pick rtl on its own (spec: direction is a separate setting).
 */
export function directionOf(locale: Locale): Direction {
  return localeInfo(locale).direction;
}

/**
 * Applies the direction to the document: `<html dir>` for the browser and CSS logical properties,
 * and on `<body>` the class 'dir' plus the direction ('dir rtl'), which the spec names as the
 * marker existing stylesheets and tests key on.
 */
export function applyDocumentDirection(dir: Direction, doc: Document = document): void {
  doc.documentElement.setAttribute('dir', dir);
  doc.body.classList.add('dir');
  doc.body.classList.remove(dir === 'rtl' ? 'ltr' : 'rtl');
  doc.body.classList.add(dir);
}
