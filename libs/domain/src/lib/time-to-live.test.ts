import { describe, expect, it } from 'vitest';
import { renderMessage } from './message';
import { ttlCountdownText, ttlDurationMs, validateTtl, type TtlConfig } from './time-to-live';

const now = new Date('2026-03-10T12:00:00Z');
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('ttlCountdownText', () => {
  it.each<[string, number, string]>([
    ['two hours ago', -2 * H, 'More then one hour passed since the expected termination time'],
    [
      'one hour and a second ago',
      -(H + S),
      'More then one hour passed since the expected termination time',
    ],
    ['exactly one hour ago', -H, 'Termination time has passed'],
    ['a second ago', -S, 'Termination time has passed'],
    ['right now', 0, 'Termination time in 1 minute'],
    ['in 90 seconds', 90 * S, 'Termination time in 1 minute'],
    ['in 1m59s', 2 * M - S, 'Termination time in 1 minute'],
    ['in exactly 2 minutes', 2 * M, 'Termination time in 2 minute(s)'],
    ['in 59m59s', H - S, 'Termination time in 59 minute(s)'],
    ['in exactly one hour', H, 'Termination time in 1 hour(s)'],
    ['in 1h30m', H + 30 * M, 'Termination time in 1 hour(s) and 30 minute(s)'],
    ['in 23h59m', D - M, 'Termination time in 23 hour(s) and 59 minute(s)'],
    ['in exactly one day', D, 'Termination time in 1 day(s)'],
    ['in 1d 0h 45m (minutes dropped)', D + 45 * M, 'Termination time in 1 day(s)'],
    ['in 2d 5h 10m', 2 * D + 5 * H + 10 * M, 'Termination time in 2 day(s) and 5 hour(s)'],
    ['in 30 days', 30 * D, 'Termination time in 30 day(s)'],
  ])('%s', (_name, offset, text) => {
    expect(renderMessage(ttlCountdownText(new Date(now.getTime() + offset), now))).toBe(text);
  });
});

describe('validateTtl', () => {
  it.each<[string, number | string | null | undefined, string | undefined]>([
    ['hours', 1, undefined],
    ['days', 100000, undefined],
    ['hours', '24', undefined],
    ['days', ' 7 ', undefined],
    ['hours', 0, 'Time to live must be a whole number between 1 and 100000'],
    ['hours', -3, 'Time to live must be a whole number between 1 and 100000'],
    ['days', 100001, 'Time to live must be a whole number between 1 and 100000'],
    ['hours', 1.5, 'Time to live must be a whole number between 1 and 100000'],
    ['hours', 'abc', 'Time to live must be a whole number between 1 and 100000'],
    ['hours', '', 'Please enter time to live'],
    ['days', null, 'Please enter time to live'],
    ['days', undefined, 'Please enter time to live'],
    ['weeks', 2, 'Time to live unit must be hours or days'],
    ['', 2, 'Time to live unit must be hours or days'],
  ])('%s %s → %s', (type, value, text) => {
    const result = validateTtl({ type, value });
    expect(result && renderMessage(result)).toBe(text);
  });
});

describe('ttlDurationMs', () => {
  it.each<[TtlConfig, number]>([
    [{ type: 'hours', value: 1 }, H],
    [{ type: 'hours', value: 36 }, 36 * H],
    [{ type: 'days', value: 2 }, 2 * D],
  ])('%o → %i ms', (ttl, ms) => {
    expect(ttlDurationMs(ttl)).toBe(ms);
  });
});
