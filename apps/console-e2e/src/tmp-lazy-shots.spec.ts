import { signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/lazy-shots`;

test.describe('temporary: lazily loaded parts', () => {
  const variants = [
    { theme: 'light', direction: 'ltr' },
    { theme: 'dark', direction: 'rtl' },
  ] as const;
  for (const { theme, direction } of variants) {
    test(`${theme} ${direction}`, async ({ page, shell }) => {
      const settings = { theme, direction, locale: 'en', navigationType: 'SIDE', topNavColor: '#3e82f7' };
      const name = `${theme}-${direction}`;
      const account = await signUpAccount(baseUrl(), `Lazy ${theme}`);
      await page.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await useStoredSession(page, account.token, settings);
      for (const path of ['/app/organization/setting?id=user-list', '/app/personalAccessToken/terraformLogin', '/app/dashboard']) {
        await page.goto(path);
        await shell.expectSignedInAt(path.split('?')[0] as string);
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
        console.log(`CLS ${name} ${path}: ${shifts}`);
        await page.screenshot({ path: `${dir}/${name}${path.replace(/[/?=]/g, '-')}.png`, fullPage: true });
      }
      await page.goto('/app/organization/setting?id=user-list');
      await page.getByRole('button', { name: 'Invite user' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.screenshot({ path: `${dir}/${name}-invite-role.png` });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.goto('/app/personalAccessToken/terraformLogin');
      await page.getByRole('combobox', { name: 'Expires after' }).click();
      await expect(page.getByRole('option', { name: '1 year' })).toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-expiry.png` });
      await page.getByRole('option', { name: '1 year' }).click();
      await expect(page.getByRole('combobox', { name: 'Expires after' })).toHaveText('1 year');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByRole('button', { name: /^Revoke token/ }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-revoke.png` });
    });
  }
});
