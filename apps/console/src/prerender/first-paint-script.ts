import { locales } from '@terrace/i18n';
import { storageKeys } from '@terrace/session';

/**
 * Applies the stored theme, direction and language to `<html>` before the first paint, so the
 * markup below (and the loader) is drawn as the user's console looks, not light, LTR and English
 * for a moment. Inline in <head> (a file would hold the first paint by one request); the server
 * allows exactly this script by its hash (apps/api static-console.ts, inlineScriptSources).
 * The rules are the local settings' (libs/session local-settings.ts): the theme key wins over the
 * settings' theme; an invalid value keeps the default. A page was prerendered without a query
 * (sign-in's `?redirect=` changes its text), so one with a query shows the loader instead.
 */
export function firstPaintScript(): string {
  const tags = Object.fromEntries(locales.map((l) => [l.id, l.tag]));
  return `(function(){try{var d=document.documentElement,s=JSON.parse(localStorage.getItem(${JSON.stringify(storageKeys.localSettings)})||"{}")||{},t=localStorage.getItem(${JSON.stringify(storageKeys.theme)}),l=${JSON.stringify(tags)};if(t!=="light"&&t!=="dark")t=s.theme;d.classList.toggle("dark",t==="dark");if(s.direction==="ltr"||s.direction==="rtl")d.dir=s.direction;if(Object.prototype.hasOwnProperty.call(l,s.locale))d.lang=l[s.locale];if(location.search)d.setAttribute("data-prerender","off")}catch(e){}})();\n`;
}
