import { describe, expect, it } from 'vitest';
import {
  countUnreadNotifications,
  notificationBadgeText,
  reminderPostponedUntil,
  shouldShowMfaBanner,
  shouldShowSsoBanner,
  type MfaBannerInput,
  type SsoBannerInput,
} from './banners';

const now = new Date('2026-03-10T12:00:00Z');
const later = new Date('2026-03-11T12:00:00Z');
const earlier = new Date('2026-03-09T12:00:00Z');

const mfa: MfaBannerInput = {
  role: 'admin',
  requireSsoSignIn: false,
  requireMfaForDirectUserSignIn: false,
  hasUsers: true,
  postponedUntil: null,
  now,
};

describe('shouldShowMfaBanner', () => {
  it.each<[string, Partial<MfaBannerInput>, boolean]>([
    ['admin, nothing required', {}, true],
    ['viewer', { role: 'viewer' }, true],
    ['member', { role: 'member' }, false],
    ['deployer', { role: 'deployer' }, false],
    ['SSO required', { requireSsoSignIn: true }, false],
    ['MFA already required', { requireMfaForDirectUserSignIn: true }, false],
    ['no users', { hasUsers: false }, false],
    ['postponed until tomorrow', { postponedUntil: later }, false],
    ['postponement over', { postponedUntil: earlier }, true],
    ['postponement ends exactly now', { postponedUntil: now }, true],
  ])('%s → %s', (_name, change, expected) => {
    expect(shouldShowMfaBanner({ ...mfa, ...change })).toBe(expected);
  });
});

const sso: SsoBannerInput = {
  role: 'admin',
  requireSsoSignIn: false,
  dismissed: false,
  postponedUntil: undefined,
  now,
};

describe('shouldShowSsoBanner', () => {
  it.each<[string, Partial<SsoBannerInput>, boolean]>([
    ['admin', {}, true],
    ['viewer', { role: 'viewer' }, true],
    ['member', { role: 'member' }, false],
    ['nsOnly', { role: 'nsOnly' }, false],
    ['SSO already required', { requireSsoSignIn: true }, false],
    ['dismissed for good', { dismissed: true }, false],
    ['postponed', { postponedUntil: later }, false],
    ['postponement over', { postponedUntil: earlier }, true],
  ])('%s → %s', (_name, change, expected) => {
    expect(shouldShowSsoBanner({ ...sso, ...change })).toBe(expected);
  });
});

describe('reminderPostponedUntil', () => {
  it('is seven days later', () => {
    expect(reminderPostponedUntil(now).toISOString()).toBe('2026-03-17T12:00:00.000Z');
  });
});

describe('notificationBadgeText', () => {
  it.each<[number, string | undefined]>([
    [-1, undefined],
    [0, undefined],
    [1, '1'],
    [4, '4'],
    [5, '5'],
    [6, '5+'],
    [120, '5+'],
  ])('%i → %s', (count, expected) => {
    expect(notificationBadgeText(count)).toBe(expected);
  });
});

describe('countUnreadNotifications', () => {
  const dates = [earlier, now, later];
  it.each<[Date | null, number]>([
    [null, 3],
    [earlier, 2],
    [now, 1],
    [later, 0],
  ])('seen up to %s → %i', (seen, expected) => {
    expect(countUnreadNotifications(dates, seen)).toBe(expected);
  });
});
