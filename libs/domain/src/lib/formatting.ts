import { withValues, type Message } from './message';

export const formattingMessages = {
  underSecond: /*i18n*/ { id: 'duration.underSecond', message: '< 1s' },
  seconds: /*i18n*/ { id: 'duration.seconds', message: '{seconds}s' },
  minutesSeconds: /*i18n*/ { id: 'duration.minutesSeconds', message: '{minutes}m {seconds}s' },
  hoursMinutes: /*i18n*/ { id: 'duration.hoursMinutes', message: '{hours}h {minutes}m' },
  refreshedMinutes: /*i18n*/ {
    id: 'dashboard.refreshedMinutes',
    message: 'Last refreshed {minutes} minute(s) ago',
  },
  refreshedHours: /*i18n*/ {
    id: 'dashboard.refreshedHours',
    message: 'Last refreshed {hours} hour(s) ago',
  },
} as const satisfies Record<string, Message>;

/**
 * Compact run duration: '< 1s', '42s', '3m 5s', then '2h 14m' (seconds stop mattering past an
 * hour). Units round down. A negative or non-finite input (clock skew, missing data) reads '< 1s'.
 */
export function formatDuration(ms: number): Message {
  if (!Number.isFinite(ms) || ms < 1000) return formattingMessages.underSecond;
  const totalSeconds = Math.floor(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return withValues(formattingMessages.hoursMinutes, { hours, minutes });
  if (minutes > 0) return withValues(formattingMessages.minutesSeconds, { minutes, seconds });
  return withValues(formattingMessages.seconds, { seconds });
}

/** Age of dashboard data: whole minutes up to 59, then whole hours. */
export function dashboardRefreshText(elapsedMs: number): Message {
  const minutes = Math.max(0, Math.floor(elapsedMs / 60_000));
  if (minutes < 60) return withValues(formattingMessages.refreshedMinutes, { minutes });
  return withValues(formattingMessages.refreshedHours, { hours: Math.floor(minutes / 60) });
}

/** Costs are always USD with two decimals; only the separators and symbol placement follow the locale. */
export function formatMoney(amount: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export const CONTRAST_THRESHOLD = 130;

/** Parses #rgb or #rrggbb (the leading # optional); undefined for anything else. */
export function parseHexColor(color: string): { r: number; g: number; b: number } | undefined {
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    const [r, g, b] = [...hex].map((c) => parseInt(c + c, 16)) as [number, number, number];
    return { r, g, b };
  }
  if (/^[0-9a-f]{6}$/i.test(hex)) {
    return {
      r: parseInt(hex.slice(0, 2), 16),
      g: parseInt(hex.slice(2, 4), 16),
      b: parseInt(hex.slice(4, 6), 16),
    };
  }
  return undefined;
}

/** YIQ brightness (0–255) as used for readable text on coloured backgrounds. */
export function yiqBrightness(color: { r: number; g: number; b: number }): number {
  return (color.r * 299 + color.g * 587 + color.b * 114) / 1000;
}

/**
 * Which text colour reads on a background: dark text on bright colours (brightness ≥ 130), light
 * text otherwise. An unparseable colour gets dark text, the theme's default on light surfaces.
 */
export function contrastText(background: string): 'light' | 'dark' {
  const rgb = parseHexColor(background);
  if (!rgb) return 'dark';
  return yiqBrightness(rgb) >= CONTRAST_THRESHOLD ? 'dark' : 'light';
}
