import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { activateLocale } from './activate-locale';
import { locales } from './locales';

// A message the design system declares and translates; it proves the .po catalogs load and
// resolve through the same macro ids the components use.
const close = msg`Close`;

describe('activateLocale', () => {
  it.each([
    ['fr', 'fr-FR', 'Fermer'],
    ['ja', 'ja-JP', '閉じる'],
    ['zh', 'zh', '关闭'],
    ['en', 'en-US', 'Close'],
  ] as const)(
    'activates %s with its BCP-47 tag and translations',
    async (locale, tag, translated) => {
      await activateLocale(locale);
      expect(i18n.locale).toBe(locale);
      expect(document.documentElement.lang).toBe(tag);
      expect(i18n._(close)).toBe(translated);
    },
  );

  it('offers exactly the four product locales, pseudo excluded', () => {
    expect(locales.map((l) => l.tag)).toEqual(['en-US', 'zh', 'fr-FR', 'ja-JP']);
  });
});
