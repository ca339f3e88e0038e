import { callApi, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

test.describe('VCS providers and SSH keys settings', () => {
  test('connect a GitHub provider, see it listed, delete it behind the typed phrase', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Vcs Org');
    await useStoredSession(page, account.token);
    await page.goto('/app/organization/setting?id=vcs-providers');
    await shell.expectSignedInAt('/app/organization/setting');
    await expect(page.getByText('No VCS providers yet'), 'a new organization has none').toBeVisible();

    await page.getByRole('button', { name: 'Connect provider' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(dialog.getByText('Enter the GitHub organization.'), 'the GitHub fields are required').toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Acme GitHub');
    await dialog.getByRole('textbox', { name: /GitHub organization/ }).fill('acme');
    await dialog.getByLabel(/Access token/).fill('ghp_not_a_real_token');
    await expectNoAxeViolations(page, 'the connect dialog');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(shell.toast('Acme GitHub connected.')).toBeVisible();
    const row = page.getByRole('row', { name: /Acme GitHub/ });
    await expect(row, 'the list shows the new provider with its type').toContainText('GitHub');
    await expect(row).toContainText('Access token');
    const stored = await callApi<{ name: string; githubMetadata?: { orgName?: string } }>(baseUrl(), 'GET', '/vcs/provider', { token: account.token });
    expect(stored.map((p) => [p.name, p.githubMetadata?.orgName]), 'the server stored it').toEqual([['Acme GitHub', 'acme']]);

    await page.getByRole('button', { name: 'Delete Acme GitHub' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'Delete provider' })).toBeDisabled();
    await confirm.getByRole('textbox').fill('delete me');
    await confirm.getByRole('button', { name: 'Delete provider' }).click();
    await expect(page.getByText('No VCS providers yet'), 'the list is empty again').toBeVisible();
  });

  const variants = [
    { theme: 'light', direction: 'ltr' },
    { theme: 'dark', direction: 'rtl' },
  ] as const;
  for (const { theme, direction } of variants) {
    test(`screenshots of both sections, ${theme} ${direction}`, async ({ page, shell }) => {
      const account = await signUpAccount(baseUrl(), `Vcs screens ${theme}`);
      await callApi(baseUrl(), 'POST', '/vcs/provider', {
        token: account.token,
        entity: { type: 'gitlab-onprem', name: 'GitLab (self-managed)', authType: 'groupToken', gitlabMetadata: { dnsName: 'gitlab.acme.test' }, credentials: { token: 'glpat-x' } },
      });
      await callApi(baseUrl(), 'POST', '/vcs/provider', {
        token: account.token,
        entity: { type: 'github', name: 'Acme GitHub', authType: 'token', githubMetadata: { orgName: 'acme' }, credentials: { token: 'ghp_x' } },
      });
      const settings = { theme, direction, locale: 'en', navigationType: 'SIDE', topNavColor: '#3e82f7' };
      await useStoredSession(page, account.token, settings);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/app/organization/setting?id=vcs-providers');
      await shell.expectSignedInAt('/app/organization/setting');
      await expect(page.getByRole('row', { name: /Acme GitHub/ })).toBeVisible();
      await page.screenshot({ path: `${dir}/vcs-providers-${theme}-${direction}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Webhook of GitLab (self-managed)' }).click();
      await expect(page.getByRole('group', { name: 'Webhook secret' }), 'the secret is read when asked').toBeVisible();
      await page.screenshot({ path: `${dir}/vcs-webhook-${theme}-${direction}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Connect provider' }).first().click();
      await page.getByRole('dialog').getByRole('radio', { name: 'Bitbucket Data Center' }).click();
      await page.screenshot({ path: `${dir}/vcs-connect-${theme}-${direction}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/app/organization/setting?id=ssh-keys');
      await expect(page.getByText('No SSH keys yet')).toBeVisible();
      await page.screenshot({ path: `${dir}/ssh-keys-${theme}-${direction}.png`, fullPage: true });
    });
  }
});
