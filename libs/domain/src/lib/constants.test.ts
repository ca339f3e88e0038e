import { describe, expect, it } from 'vitest';
import {
  DAY_BACK_OPTIONS,
  DEFAULT_DAYS_BACK,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  driftReportPeriodDays,
  driftReportPeriods,
  localeTag,
  timePeriods,
  type DriftReportPeriodId,
  type LocaleCode,
} from './constants';
import { renderMessage } from './message';

describe('defaults are among their options', () => {
  it.each([
    ['page size', PAGE_SIZE_OPTIONS as readonly number[], DEFAULT_PAGE_SIZE],
    ['days back', DAY_BACK_OPTIONS as readonly number[], DEFAULT_DAYS_BACK],
  ])('%s', (_name, options, value) => {
    expect(options).toContain(value);
  });
});

describe('timePeriods', () => {
  it.each([
    ['last7Days', 7, 'Last 7 days'],
    ['last14Days', 14, 'Last 14 days'],
    ['last3Weeks', 21, 'Last 3 weeks'],
    ['lastMonth', 28, 'Last month'],
    ['last3Months', 91, 'Last 3 months'],
    ['last6Months', 182, 'Last 6 months'],
  ])('%s is %i days', (id, days, label) => {
    const period = timePeriods.find((p) => p.id === id);
    expect(period?.days).toBe(days);
    expect(period && renderMessage(period.label)).toBe(label);
  });
});

describe('driftReportPeriodDays', () => {
  it.each<[DriftReportPeriodId, string, number]>([
    ['month', '2026-03-10T12:00:00Z', 30],
    ['threeMonths', '2026-03-10T12:00:00Z', 60],
    ['sixMonths', '2026-03-10T12:00:00Z', 180],
    ['twelveMonths', '2026-03-10T12:00:00Z', 365],
    ['yearToDate', '2026-01-01T00:00:00Z', 1],
    ['yearToDate', '2026-03-10T23:59:59Z', 69],
    ['yearToDate', '2024-12-31T12:00:00Z', 366],
  ])('%s at %s → %i', (id, now, days) => {
    expect(driftReportPeriodDays(id, new Date(now))).toBe(days);
  });

  it('lists five periods', () => {
    expect(driftReportPeriods.map((p) => p.id)).toEqual([
      'month',
      'threeMonths',
      'sixMonths',
      'twelveMonths',
      'yearToDate',
    ]);
  });
});

describe('localeTag', () => {
  it.each<[LocaleCode, string]>([
    ['en', 'en-US'],
    ['zh', 'zh'],
    ['fr', 'fr-FR'],
    ['ja', 'ja-JP'],
  ])('%s → %s', (code, tag) => {
    expect(localeTag(code)).toBe(tag);
  });
});
