import { reminderPostponedUntil } from '@terrace/domain';
import { storageKeys } from '@terrace/session';

type ReminderKey = typeof storageKeys.mfaBannerPostponedUntil | typeof storageKeys.ssoBannerPostponedUntil;

/** When a postponed reminder shows again, or null when it was never postponed. */
export function postponedUntil(key: ReminderKey): Date | null {
  const until = Date.parse(localStorage.getItem(key) ?? '');
  return Number.isFinite(until) ? new Date(until) : null;
}

/** Hides a reminder for one week (spec §4; the length is @terrace/domain's). */
export function postpone(key: ReminderKey, now: Date = new Date()): void {
  localStorage.setItem(key, reminderPostponedUntil(now).toISOString());
}

export function isSsoReminderDismissed(): boolean {
  return localStorage.getItem(storageKeys.ssoBannerDismissed) === 'true';
}

export function dismissSsoReminder(): void {
  localStorage.setItem(storageKeys.ssoBannerDismissed, 'true');
}
