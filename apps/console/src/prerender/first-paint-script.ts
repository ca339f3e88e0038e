import { locales } from '@terrace/i18n';
import { appBase, defaultLocalSettings, storageKeys } from '@terrace/session';
import { expectedReminders } from '@terrace/shell';

/**
 * Applies the stored theme, direction and language to `<html>` before the first paint, so the
 * markup below (and the loader) is drawn as the user's console looks, not light, LTR and English
 * for a moment. Inline in <head> (a file would hold the first paint by one request); the server
 * allows exactly this script by its hash (apps/api static-console.ts, inlineScriptSources).
 * The rules are the local settings' (libs/session local-settings.ts): the theme key wins over the
 * settings' theme; an invalid value keeps the default. A page was prerendered without a query
 * (sign-in's `?redirect=` changes its text), so one with a query shows the loader instead.
 *
 * On a signed-in page it also marks the reminder banners to reserve room for
 * (`data-reminders`, libs/shell expectedReminders, whose source it runs), and shows the loader
 * instead of the prerendered frame where the frame would not be the one React draws: without a
 * stored session (React goes to sign-in), for a management organization (no navigation), or with a
 * navigation other than the default side one, collapsed or recoloured.
 */
export function firstPaintScript(): string {
  const tags = Object.fromEntries(locales.map((l) => [l.id, l.tag]));
  const reminderKeys = {
    user: storageKeys.user,
    ssoBannerDismissed: storageKeys.ssoBannerDismissed,
    ssoBannerPostponedUntil: storageKeys.ssoBannerPostponedUntil,
  };
  const defaults = defaultLocalSettings;
  return `(function(){try{var d=document.documentElement,g=function(k){return localStorage.getItem(k)},s=JSON.parse(g(${JSON.stringify(storageKeys.localSettings)})||"{}")||{},t=g(${JSON.stringify(storageKeys.theme)}),l=${JSON.stringify(tags)};if(t!=="light"&&t!=="dark")t=s.theme;d.classList.toggle("dark",t==="dark");if(s.direction==="ltr"||s.direction==="rtl")d.dir=s.direction;if(Object.prototype.hasOwnProperty.call(l,s.locale))d.lang=l[s.locale];if(location.search)d.setAttribute("data-prerender","off");if(location.pathname.indexOf(${JSON.stringify(`${appBase}/`)})===0){var o=JSON.parse(g(${JSON.stringify(storageKeys.organization)})||"{}")||{};if(!g(${JSON.stringify(storageKeys.authToken)})||o.type==="management"||(s.navigationType&&s.navigationType!==${JSON.stringify(defaults.navigationType)})||s.navCollapsed===true||(s.topNavColor&&s.topNavColor!==${JSON.stringify(defaults.topNavColor)}))d.setAttribute("data-prerender","off");d.setAttribute("data-reminders",(${expectedReminders.toString()})(g,${JSON.stringify(reminderKeys)},Date.now()))}}catch(e){}})();\n`;
}
