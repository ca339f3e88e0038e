import { describe, expect, it } from 'vitest';
import { renderMessage } from './message';
import {
  chatLoadingText,
  chatPanelLayout,
  parseLocalSettings,
  type ChatPanelLayout,
  type LocalSettings,
} from './shell-layout';

const defaults: LocalSettings = {
  navigationType: 'SIDE',
  theme: 'light',
  direction: 'ltr',
  locale: 'en',
  topNavColor: '#3e82f7',
};

describe('parseLocalSettings', () => {
  it.each<[string, unknown, LocalSettings]>([
    ['nothing stored', null, defaults],
    ['a string', 'garbage', defaults],
    ['an empty object', {}, defaults],
    [
      'a full valid object',
      {
        navigationType: 'TOP',
        theme: 'dark',
        direction: 'rtl',
        locale: 'ja',
        topNavColor: '#112233',
      },
      {
        navigationType: 'TOP',
        theme: 'dark',
        direction: 'rtl',
        locale: 'ja',
        topNavColor: '#112233',
      },
    ],
    ['an unknown theme only', { theme: 'sepia', locale: 'fr' }, { ...defaults, locale: 'fr' }],
    ['an unsupported locale', { locale: 'de' }, defaults],
    ['a bad colour', { topNavColor: 'red' }, defaults],
  ])('%s', (_name, stored, expected) => {
    expect(parseLocalSettings(stored)).toEqual(expected);
  });
});

describe('chatPanelLayout', () => {
  it.each<[number, number | undefined, ChatPanelLayout]>([
    [1000, undefined, { mode: 'docked', percent: 40, widthPx: 400 }],
    [1000, 20, { mode: 'docked', percent: 20, widthPx: 200 }],
    [1000, 19.9, { mode: 'minimized' }],
    [1000, 65, { mode: 'docked', percent: 65, widthPx: 650 }],
    [1000, 90, { mode: 'docked', percent: 65, widthPx: 650 }],
    [768, 40, { mode: 'full', widthPx: 768 }],
    [769, 40, { mode: 'docked', percent: 40, widthPx: 308 }],
    [375, 5, { mode: 'full', widthPx: 375 }],
  ])('window %i, requested %s%%', (width, percent, expected) => {
    expect(chatPanelLayout(width, percent)).toEqual(expected);
  });
});

describe('chatLoadingText', () => {
  it.each<[number, string]>([
    [0, 'Thinking...'],
    [9_999, 'Thinking...'],
    [10_000, 'Gathering context...'],
    [21_999, 'Gathering context...'],
    [22_000, 'Processing information...'],
    [32_000, 'Using Deep Analysis...'],
    [44_000, 'Generating response...'],
    [600_000, 'Generating response...'],
  ])('%i ms → %s', (ms, text) => {
    expect(renderMessage(chatLoadingText(ms))).toBe(text);
  });
});
