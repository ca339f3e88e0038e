import type { Message } from './message';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const REQUEST_TIMEOUT_MS = 600_000;
/** Gives the "Authentication Fail" toast time to appear before the sign-in page replaces the view. */
export const AUTH_REDIRECT_DELAY_MS = 600;
export const SIDE_NAV_WIDTH = 250;
export const SIDE_NAV_COLLAPSED_WIDTH = 80;

export const DAY_BACK_OPTIONS = [7, 14, 30] as const;
export const DEFAULT_DAYS_BACK = 30;
export const FINISHED_RUNS_WINDOW_HOURS = 24;
export const EPHEMERAL_TEMPLATE_EVENTS_DAYS = 7;
export const SSO_SESSIONS_WINDOW_DAYS = 90;
export const MAX_ONE_WEEK_MINUTES = 10_080;
export const RESOURCE_NAME_TRIM_LENGTH = 60;
export const RESOURCE_ID_POSTFIX_LENGTH = 10;
export const RESOURCE_ID_POSTFIX_DELIMITER = '-';
export const SCAN_WAIT_MINUTES = 20;
export const CHAT_ID_PREFIX = 'ch';
export const CHAT_FEEDBACK_MAX_LENGTH = 1000;

export const timePeriods = [
  { id: 'last7Days', days: 7, label: /*i18n*/ { id: 'period.last7Days', message: 'Last 7 days' } },
  {
    id: 'last14Days',
    days: 14,
    label: /*i18n*/ { id: 'period.last14Days', message: 'Last 14 days' },
  },
  {
    id: 'last3Weeks',
    days: 21,
    label: /*i18n*/ { id: 'period.last3Weeks', message: 'Last 3 weeks' },
  },
  { id: 'lastMonth', days: 28, label: /*i18n*/ { id: 'period.lastMonth', message: 'Last month' } },
  {
    id: 'last3Months',
    days: 91,
    label: /*i18n*/ { id: 'period.last3Months', message: 'Last 3 months' },
  },
  {
    id: 'last6Months',
    days: 182,
    label: /*i18n*/ { id: 'period.last6Months', message: 'Last 6 months' },
  },
] as const satisfies readonly { id: string; days: number; label: Message }[];
export type TimePeriodId = (typeof timePeriods)[number]['id'];
export const aggregationPeriods = ['day', 'week'] as const;

/** Drift report periods; the three-month period is 60 days in the product, kept as is. */
export const driftReportPeriods = [
  { id: 'month', days: 30, label: /*i18n*/ { id: 'driftReport.month', message: '1 month' } },
  {
    id: 'threeMonths',
    days: 60,
    label: /*i18n*/ { id: 'driftReport.threeMonths', message: '3 months' },
  },
  {
    id: 'sixMonths',
    days: 180,
    label: /*i18n*/ { id: 'driftReport.sixMonths', message: '6 months' },
  },
  {
    id: 'twelveMonths',
    days: 365,
    label: /*i18n*/ { id: 'driftReport.twelveMonths', message: '12 months' },
  },
  {
    id: 'yearToDate',
    days: undefined,
    label: /*i18n*/ { id: 'driftReport.yearToDate', message: 'Year to date' },
  },
] as const satisfies readonly { id: string; days: number | undefined; label: Message }[];
export type DriftReportPeriodId = (typeof driftReportPeriods)[number]['id'];

/** Days a drift report covers; year to date counts from 1 January (UTC) up to and including today. */
export function driftReportPeriodDays(id: DriftReportPeriodId, now: Date): number {
  const period = driftReportPeriods.find((p) => p.id === id);
  if (period?.days !== undefined) return period.days;
  const startOfYear = Date.UTC(now.getUTCFullYear(), 0, 1);
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((startOfToday - startOfYear) / 86_400_000) + 1;
}

export const runnerHealthStates = ['ok', 'warning', 'error', 'shuttingDown'] as const;
export type RunnerHealth = (typeof runnerHealthStates)[number];
export const runnerConfigModes = ['managed', 'selfHosted'] as const;
export const CM_DEFAULT_RUNNER_GROUP = 'CM_DEFAULT_RUNNER_GROUP';
export const CM_DEFAULT_RUNNER_GROUP_NAME = 'default';

export const supportedLocales = [
  { code: 'en', tag: 'en-US' },
  { code: 'zh', tag: 'zh' },
  { code: 'fr', tag: 'fr-FR' },
  { code: 'ja', tag: 'ja-JP' },
] as const;
export type LocaleCode = (typeof supportedLocales)[number]['code'];

/** The BCP 47 tag for Intl formatting of a supported locale. */
export function localeTag(code: LocaleCode): string {
  return supportedLocales.find((l) => l.code === code)?.tag ?? 'en-US';
}
