import { beforeEach, describe, expect, it } from 'vitest';
import { defaultLocalSettings, parseLocalSettings, readLocalSettings, updateLocalSettings } from './local-settings';

beforeEach(() => localStorage.clear());

describe('local settings', () => {
  it('defaults to SIDE, light, ltr, en and #3e82f7', () => {
    expect(readLocalSettings()).toMatchObject({
      navigationType: 'SIDE',
      theme: 'light',
      direction: 'ltr',
      locale: 'en',
      topNavColor: '#3e82f7',
    });
  });

  it.each([null, 'not json', '[]', '{"theme":"purple","locale":"de","direction":"up","navigationType":"LEFT"}'])(
    'falls back to the defaults for %s',
    (raw) => {
      expect(parseLocalSettings(raw)).toEqual(defaultLocalSettings);
    },
  );

  it('keeps valid fields and persists the theme under its own key', () => {
    updateLocalSettings({ theme: 'dark', direction: 'rtl', locale: 'ja' });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(JSON.parse(localStorage.getItem('localSettings') ?? '{}')).toMatchObject({ direction: 'rtl', locale: 'ja' });
    expect(readLocalSettings()).toMatchObject({ theme: 'dark', direction: 'rtl', locale: 'ja' });
  });
});
