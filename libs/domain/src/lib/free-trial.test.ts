import { describe, expect, it } from 'vitest';
import { freeTrialLabel } from './free-trial';
import { renderMessage } from './message';

const now = new Date('2026-03-10T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('freeTrialLabel', () => {
  it.each<[string, Date, 'danger' | 'neutral', string]>([
    ['ended a week ago', hours(-24 * 7), 'danger', 'Free trial has ended'],
    ['ends exactly now', hours(0), 'danger', 'Free trial has ended'],
    ['ended a minute ago', new Date(now.getTime() - 60_000), 'danger', 'Free trial has ended'],
    ['ends in one hour', hours(1), 'neutral', 'Free trial expires in: 1 day(s)'],
    ['ends in exactly one day', hours(24), 'neutral', 'Free trial expires in: 1 day(s)'],
    ['ends in 25 hours', hours(25), 'neutral', 'Free trial expires in: 2 day(s)'],
    ['ends in 13 days', hours(24 * 13), 'neutral', 'Free trial expires in: 13 day(s)'],
    ['ends in 14 days', hours(24 * 14), 'neutral', 'Free trial expires in: 14 day(s)'],
    ['ends in 15 days, capped', hours(24 * 15), 'neutral', 'Free trial expires in: 14 day(s)'],
    ['ends in 90 days, capped', hours(24 * 90), 'neutral', 'Free trial expires in: 14 day(s)'],
  ])('%s', (_name, expiration, tone, text) => {
    const label = freeTrialLabel(expiration, now);
    expect(label.tone).toBe(tone);
    expect(renderMessage(label.message)).toBe(text);
  });
});
