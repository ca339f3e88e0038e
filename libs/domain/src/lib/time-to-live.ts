import { withValues, type Message } from './message';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const ttlTypes = ['hours', 'days'] as const;
export type TtlType = (typeof ttlTypes)[number];
export interface TtlConfig {
  type: TtlType;
  value: number;
}
export const TTL_MIN = 1;
export const TTL_MAX = 100_000;

export const ttlMessages = {
  passed: /*i18n*/ { id: 'ttl.passed', message: 'Termination time has passed' },
  // The typo ("then") is the product's text, kept so existing translations and screenshots match.
  longPassed: /*i18n*/ {
    id: 'ttl.longPassed',
    message: 'More then one hour passed since the expected termination time',
  },
  oneMinute: /*i18n*/ { id: 'ttl.oneMinute', message: 'Termination time in 1 minute' },
  daysHours: /*i18n*/ {
    id: 'ttl.daysHours',
    message: 'Termination time in {days} day(s) and {hours} hour(s)',
  },
  days: /*i18n*/ { id: 'ttl.days', message: 'Termination time in {days} day(s)' },
  hoursMinutes: /*i18n*/ {
    id: 'ttl.hoursMinutes',
    message: 'Termination time in {hours} hour(s) and {minutes} minute(s)',
  },
  hours: /*i18n*/ { id: 'ttl.hours', message: 'Termination time in {hours} hour(s)' },
  minutes: /*i18n*/ { id: 'ttl.minutes', message: 'Termination time in {minutes} minute(s)' },
  required: /*i18n*/ { id: 'validation.ttl.required', message: 'Please enter time to live' },
  range: /*i18n*/ {
    id: 'validation.ttl.range',
    message: 'Time to live must be a whole number between {min} and {max}',
  },
  type: /*i18n*/ { id: 'validation.ttl.type', message: 'Time to live unit must be hours or days' },
} as const satisfies Record<string, Message>;

/**
 * Countdown to a stack's termination: at most two units, the largest non-zero one and the next
 * (dropped when zero). Partial units round down, so the text never promises more time than is left.
 */
export function ttlCountdownText(terminationAt: Date, now: Date): Message {
  const left = terminationAt.getTime() - now.getTime();
  if (left < 0) return -left > HOUR_MS ? ttlMessages.longPassed : ttlMessages.passed;
  if (left < 2 * MINUTE_MS) return ttlMessages.oneMinute;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0)
    return hours > 0
      ? withValues(ttlMessages.daysHours, { days, hours })
      : withValues(ttlMessages.days, { days });
  if (hours > 0) {
    return minutes > 0
      ? withValues(ttlMessages.hoursMinutes, { hours, minutes })
      : withValues(ttlMessages.hours, { hours });
  }
  return withValues(ttlMessages.minutes, { minutes });
}

/** Validates the time-to-live input; the value may still be the raw text of the field. */
export function validateTtl(input: {
  type: string;
  value: number | string | null | undefined;
}): Message | undefined {
  if (!(ttlTypes as readonly string[]).includes(input.type)) return ttlMessages.type;
  const raw = input.value;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return ttlMessages.required;
  const value = typeof raw === 'number' ? raw : Number(raw.trim());
  if (!Number.isInteger(value) || value < TTL_MIN || value > TTL_MAX) {
    return withValues(ttlMessages.range, { min: TTL_MIN, max: TTL_MAX });
  }
  return undefined;
}

export function ttlDurationMs(ttl: TtlConfig): number {
  return ttl.value * (ttl.type === 'days' ? DAY_MS : HOUR_MS);
}
