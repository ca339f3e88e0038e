import { callApi, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

test.describe('Runner groups settings', () => {
  test('create a group, create a token seen once, a runner joins with it, revoke the token, delete the group', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Runner groups Org');
    await useStoredSession(page, account.token);
    await page.goto('/app/organization/setting?id=runner-groups');
    await shell.expectSignedInAt('/app/organization/setting');
    const groups = page.getByRole('table', { name: 'Runner groups' });
    await expect(groups.getByRole('row', { name: /Default/ }), 'every organization has the managed group').toContainText('Managed');
    await expect(page.getByRole('button', { name: 'Delete Default' }), 'the managed group cannot be deleted').toBeDisabled();

    await page.getByRole('button', { name: 'Add runner group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Concurrency limit/ }).fill('0');
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await expect(dialog.getByText('Enter a name for the runner group.')).toBeVisible();
    await expect(dialog.getByText('Enter a number of at least 1.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('build farm');
    await dialog.getByRole('textbox', { name: /Concurrency limit/ }).fill('3');
    await expectNoAxeViolations(page, 'the add dialog');
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await expect(shell.toast('Runner group build farm added.')).toBeVisible();
    await expect(groups.getByRole('row', { name: /build farm/ }), 'the list shows its limit').toContainText('0 of 3');
    const group = page.getByRole('region', { name: 'Runner group build farm' });
    await expect(group, 'the new group opens').toBeVisible();
    await expect(group.getByText("No runner has connected with this group's tokens yet.")).toBeVisible();

    await group.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).fill('ci-pool');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const secret = group.getByRole('group', { name: 'New token ci-pool' });
    await expect(secret.getByRole('button', { name: /copy/i })).toBeVisible();
    const token = (await secret.getByTestId('secret-value').textContent()) ?? '';
    expect(token, 'the secret is the registration token').toMatch(/^trg_/);
    await expectNoAxeViolations(page, 'the open group with its new token');

    // A runner registers with the token and shows in the group with its health and version.
    const [registered] = await callApi<{ token: string }>(baseUrl(), 'POST', '/runner/register', { entity: { runnerGroupToken: token, name: 'build-01', version: '1.4.0' } });
    await callApi(baseUrl(), 'POST', '/runner/heartbeat', { token: registered?.token, entity: { health: 'ok' } });
    await page.getByRole('button', { name: 'Close runner group build farm' }).click();
    await page.getByRole('button', { name: 'Runners and tokens of build farm' }).click();
    await expect(group.getByRole('group', { name: 'New token ci-pool' }), 'the secret is shown once').toHaveCount(0);
    await expect(page.getByText(token), 'nowhere on the page any more').toHaveCount(0);
    const runner = group.getByRole('table', { name: 'Runners of build farm' }).getByRole('row', { name: /build-01/ });
    await expect(runner).toContainText('Healthy');
    await expect(runner).toContainText('1.4.0');
    const listed = await callApi<{ name: string; token?: string }>(baseUrl(), 'GET', `/org/runnerGroup/${(await groupId(account.token, 'build farm'))}/token`, { token: account.token });
    expect(listed.map((t) => [t.name, t.token]), 'the list never answers the secret').toEqual([['ci-pool', undefined]]);

    await group.getByRole('button', { name: 'Revoke token ci-pool' }).click();
    const revoke = page.getByRole('alertdialog');
    await expect(revoke.getByRole('button', { name: 'Revoke token' })).toBeDisabled();
    await revoke.getByRole('textbox').fill('revoke me');
    await revoke.getByRole('button', { name: 'Revoke token' }).click();
    await expect(shell.toast('Token ci-pool revoked.')).toBeVisible();
    await expect(group.getByText('No registration tokens yet')).toBeVisible();
    await expect(
      callApi(baseUrl(), 'POST', '/runner/register', { entity: { runnerGroupToken: token, name: 'build-02' } }),
      'a revoked token registers no runner',
    ).rejects.toThrow(/answered 40[13]/);

    await page.getByRole('button', { name: 'Delete build farm' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'Delete group' })).toBeDisabled();
    await confirm.getByRole('textbox').fill('delete me');
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await expect(shell.toast('Runner group build farm deleted.')).toBeVisible();
    await expect(groups.getByRole('row', { name: /build farm/ })).toHaveCount(0);
    await expect(group).toHaveCount(0);
  });

  const variants = [
    { theme: 'light', direction: 'ltr' },
    { theme: 'dark', direction: 'rtl' },
  ] as const;
  for (const { theme, direction } of variants) {
    test(`screenshots of the section, ${theme} ${direction}`, async ({ page, shell }) => {
      const account = await signUpAccount(baseUrl(), `Runner screens ${theme}`);
      const [created] = await callApi<{ id: string }>(baseUrl(), 'POST', '/org/runnerGroup', { token: account.token, entity: { name: 'build-farm', maxConcurrency: 4 } });
      const [registration] = await callApi<{ token: string }>(baseUrl(), 'POST', `/org/runnerGroup/${created?.id}/token`, { token: account.token, entity: { name: 'ci-pool' } });
      await callApi(baseUrl(), 'POST', '/runner/register', { entity: { runnerGroupToken: registration?.token, name: 'build-01', version: '1.4.0' } });
      const settings = { theme, direction, locale: 'en', navigationType: 'SIDE', topNavColor: '#3e82f7' };
      await useStoredSession(page, account.token, settings);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/app/organization/setting?id=runner-groups&group=${created?.id}`);
      await shell.expectSignedInAt('/app/organization/setting');
      await expect(page.getByRole('table', { name: 'Runners of build-farm' }).getByRole('row', { name: /build-01/ })).toBeVisible();
      await expectNoAxeViolations(page, `the section, ${theme} ${direction}`);
      await page.screenshot({ path: `${dir}/runner-groups-${theme}-${direction}.png`, fullPage: true });
    });
  }
});

async function groupId(token: string, name: string): Promise<string> {
  const groups = await callApi<{ id: string; name: string }>(baseUrl(), 'GET', '/org/runnerGroup', { token });
  const found = groups.find((g) => g.name === name);
  if (!found) throw new Error(`No runner group ${name}`);
  return found.id;
}
