import { storageKeys } from '@terrace/session';

export const reminderPostponeDays = 7;

type ReminderKey = typeof storageKeys.mfaBannerPostponedUntil | typeof storageKeys.ssoBannerPostponedUntil;

export function isPostponed(key: ReminderKey, now: Date = new Date()): boolean {
  const until = Date.parse(localStorage.getItem(key) ?? '');
  return Number.isFinite(until) && until > now.getTime();
}

/** Hides a reminder for one week (spec §4). */
export function postpone(key: ReminderKey, now: Date = new Date()): void {
  localStorage.setItem(key, new Date(now.getTime() + reminderPostponeDays * 86_400_000).toISOString());
}

export function isSsoReminderDismissed(): boolean {
  return localStorage.getItem(storageKeys.ssoBannerDismissed) === 'true';
}

export function dismissSsoReminder(): void {
  localStorage.setItem(storageKeys.ssoBannerDismissed, 'true');
}
