import { signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

test.describe('screenshots of the main pages', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`in the ${theme} theme`, async ({ page, shell }) => {
      const settings = { theme, direction: 'ltr', locale: 'en', navigationType: 'SIDE', topNavColor: '#3e82f7' };
      await page.goto('/auth/login');
      await page.evaluate((s) => {
        localStorage.setItem('localSettings', JSON.stringify(s));
        localStorage.setItem('theme', s.theme);
      }, settings);
      for (const path of ['/auth/login', '/auth/signup', '/auth/recoverPassword']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), `${path} shows its title`).toBeVisible();
        await page.screenshot({ path: `${dir}/${theme}${path.replaceAll('/', '-')}.png`, fullPage: true });
      }
      const account = await signUpAccount(baseUrl(), `Screens ${theme}`);
      await useStoredSession(page, account.token, settings);
      for (const path of ['/app/dashboard', '/app/disasterRecovery', '/app/namespaces']) {
        await page.goto(path);
        await shell.expectSignedInAt(path);
        await page.screenshot({ path: `${dir}/${theme}${path.replaceAll('/', '-')}.png`, fullPage: true });
      }
      await shell.openAccountMenu();
      await page.getByRole('menuitem', { name: 'Session information' }).click();
      await expect(page.getByRole('dialog', { name: 'Session information' }), 'the session dialog shows').toBeVisible();
      await page.screenshot({ path: `${dir}/${theme}-session-information.png` });
    });
  }
});
