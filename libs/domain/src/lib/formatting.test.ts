import { describe, expect, it } from 'vitest';
import {
  contrastText,
  dashboardRefreshText,
  formatDuration,
  formatMoney,
  parseHexColor,
  yiqBrightness,
} from './formatting';
import { renderMessage } from './message';

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '< 1s'],
    [999, '< 1s'],
    [-5, '< 1s'],
    [Number.NaN, '< 1s'],
    [1000, '1s'],
    [1999, '1s'],
    [59_999, '59s'],
    [60_000, '1m 0s'],
    [185_000, '3m 5s'],
    [3_599_999, '59m 59s'],
    [3_600_000, '1h 0m'],
    [8_059_000, '2h 14m'],
    [90_000_000, '25h 0m'],
  ])('%i ms → %s', (ms, text) => {
    expect(renderMessage(formatDuration(ms))).toBe(text);
  });
});

describe('dashboardRefreshText', () => {
  it.each<[number, string]>([
    [0, 'Last refreshed 0 minute(s) ago'],
    [59_000, 'Last refreshed 0 minute(s) ago'],
    [60_000, 'Last refreshed 1 minute(s) ago'],
    [59 * 60_000, 'Last refreshed 59 minute(s) ago'],
    [60 * 60_000 - 1, 'Last refreshed 59 minute(s) ago'],
    [60 * 60_000, 'Last refreshed 1 hour(s) ago'],
    [179 * 60_000, 'Last refreshed 2 hour(s) ago'],
    [-60_000, 'Last refreshed 0 minute(s) ago'],
  ])('%i ms → %s', (ms, text) => {
    expect(renderMessage(dashboardRefreshText(ms))).toBe(text);
  });
});

describe('formatMoney', () => {
  // Intl uses narrow no-break spaces in some locales; compare with plain spaces.
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  it.each<[number, string | undefined, string]>([
    [0, undefined, '$0.00'],
    [1234.5, undefined, '$1,234.50'],
    [0.005, 'en-US', '$0.01'],
    [-12.345, 'en-US', '-$12.35'],
    [1234.5, 'fr-FR', '1 234,50 $US'],
    [1234.5, 'ja-JP', '$1,234.50'],
  ])('%d in %s → %s', (amount, locale, text) => {
    expect(plain(locale === undefined ? formatMoney(amount) : formatMoney(amount, locale))).toBe(
      text,
    );
  });
});

describe('contrastText', () => {
  it.each<[string, 'light' | 'dark']>([
    ['#ffffff', 'dark'],
    ['#000000', 'light'],
    ['#3e82f7', 'light'],
    ['#ffff00', 'dark'],
    ['#fff', 'dark'],
    ['000', 'light'],
    ['#828282', 'dark'],
    ['#818181', 'light'],
    ['not a colour', 'dark'],
  ])('%s → %s text', (background, expected) => {
    expect(contrastText(background)).toBe(expected);
  });

  it.each<[string, number | undefined]>([
    ['#828282', 130],
    ['#ff0000', 76.245],
    ['#12345', undefined],
  ])('brightness of %s is %s', (color, brightness) => {
    const rgb = parseHexColor(color);
    expect(rgb && yiqBrightness(rgb)).toBe(brightness);
  });
});
