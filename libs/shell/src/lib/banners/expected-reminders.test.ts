import { describe, expect, it } from 'vitest';
import { expectedReminders } from './expected-reminders';

const keys = {
  user: 'user',
  ssoBannerDismissed: 'ssoBannerDismissed',
  ssoBannerPostponedUntil: 'ssoBannerPostponedUntil',
};
const now = Date.parse('2026-11-25T00:00:00Z');
const from = (stored: Record<string, string>) => (key: string) => stored[key] ?? null;

describe('expectedReminders', () => {
  it('expects the SSO reminder for a stored admin or viewer', () => {
    expect(expectedReminders(from({ user: '{"orgRole":"admin"}' }), keys, now)).toBe('sso');
    expect(expectedReminders(from({ user: '{"orgRole":"viewer"}' }), keys, now)).toBe('sso');
  });

  it('expects none for other roles, no stored user or an unreadable one', () => {
    expect(expectedReminders(from({ user: '{"orgRole":"member"}' }), keys, now)).toBe('');
    expect(expectedReminders(from({}), keys, now)).toBe('');
    expect(expectedReminders(from({ user: '{' }), keys, now)).toBe('');
    expect(expectedReminders(from({ user: 'null' }), keys, now)).toBe('');
  });

  it('expects none once dismissed, or while postponed', () => {
    const admin = { user: '{"orgRole":"admin"}' };
    expect(expectedReminders(from({ ...admin, ssoBannerDismissed: 'true' }), keys, now)).toBe('');
    expect(
      expectedReminders(
        from({ ...admin, ssoBannerPostponedUntil: '2026-11-30T00:00:00Z' }),
        keys,
        now,
      ),
    ).toBe('');
    expect(
      expectedReminders(
        from({ ...admin, ssoBannerPostponedUntil: '2026-11-20T00:00:00Z' }),
        keys,
        now,
      ),
    ).toBe('sso');
  });
});
