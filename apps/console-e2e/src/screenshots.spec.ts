import { signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

test.describe('screenshots of the main pages', () => {
  const variants = [
    { theme: 'light', direction: 'ltr', name: 'light' },
    { theme: 'dark', direction: 'ltr', name: 'dark' },
    { theme: 'light', direction: 'rtl', name: 'light-rtl' },
    { theme: 'dark', direction: 'rtl', name: 'dark-rtl' },
  ] as const;
  for (const { theme, direction, name } of variants) {
    test(`in the ${theme} theme, ${direction}`, async ({ page, shell }) => {
      const settings = { theme, direction, locale: 'en', navigationType: 'SIDE', topNavColor: '#3e82f7' };
      await page.goto('/auth/login');
      await page.evaluate((s) => {
        localStorage.setItem('localSettings', JSON.stringify(s));
        localStorage.setItem('theme', s.theme);
      }, settings);
      const signedOutPages = [
        '/auth/login',
        '/auth/signup',
        '/auth/recoverPassword',
        '/auth/ssoBadLogin?reason=domainNotAllowed',
        '/auth/azureMarketplaceRegister?token=purchase',
        '/auth/postAzureMarketplaceRegistration',
      ];
      for (const path of signedOutPages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), `${path} shows its title`).toBeVisible();
        await page.screenshot({ path: `${dir}/${name}${path.replace(/[/?=]/g, '-')}.png`, fullPage: true });
      }
      const account = await signUpAccount(baseUrl(), `Screens ${theme}`);
      await useStoredSession(page, account.token, settings);
      const pages = [
        '/app/dashboard',
        '/app/disasterRecovery',
        '/app/namespaces',
        '/app/createNamespaceWizard',
        '/app/controlPolicies',
        '/app/organization/setting?id=user-list',
        '/app/user/setting',
        '/app/personalAccessToken/terraformLogin',
      ];
      for (const path of pages) {
        await page.goto(path);
        await shell.expectSignedInAt(path.split('?')[0] as string);
        await expect(page.getByRole('heading', { level: 1 }).first(), `${path} shows its title`).toBeVisible();
        await page.screenshot({ path: `${dir}/${name}${path.replace(/[/?=]/g, '-')}.png`, fullPage: true });
      }
      await shell.openAccountMenu();
      await page.getByRole('menuitem', { name: 'Session information' }).click();
      await expect(page.getByRole('dialog', { name: 'Session information' }), 'the session dialog shows').toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-session-information.png` });
    });
  }
});
