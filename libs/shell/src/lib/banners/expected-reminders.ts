/** The storage keys `expectedReminders` reads (storageKeys' names, passed in: it imports nothing). */
export interface ExpectedRemindersKeys {
  user: string;
  ssoBannerDismissed: string;
  ssoBannerPostponedUntil: string;
}

/**
 * The reminder banners a signed-in page reserves room for before the session and the sign-in
 * settings have answered, from what the browser stored: the SSO reminder for an admin or viewer
 * (the role stored at sign-in) who neither dismissed nor postponed it, as most organizations do
 * not require SSO sign-in (spec §5). The MFA reminder also depends on whether the organization has
 * other users, which only the server knows: it is not expected, and moves the page once when it
 * shows. Answers the slot names separated by spaces (`<html data-reminders>`).
 *
 * Self-contained (no imports, no outer names): the console's build writes its source into the
 * pages' settings script (apps/console first-paint-script.ts), which runs before the first paint.
 */
export function expectedReminders(
  read: (key: string) => string | null,
  keys: ExpectedRemindersKeys,
  now: number,
): string {
  let role: unknown;
  try {
    role = (JSON.parse(read(keys.user) || '{}') as { orgRole?: unknown } | null)?.orgRole;
  } catch {
    return '';
  }
  if (role !== 'admin' && role !== 'viewer') return '';
  if (read(keys.ssoBannerDismissed) === 'true') return '';
  if (Date.parse(read(keys.ssoBannerPostponedUntil) || '') > now) return '';
  return 'sso';
}
