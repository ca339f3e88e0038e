import type { Page } from 'playwright/test';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

/** A namespace and a stack in it, made through the real API as any client would. */
async function namespaceWithStack(account: Account) {
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: account.token, entity: { name: 'platform' } });
  const namespaceId = (namespace as { id: string }).id;
  const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
    token: account.token,
    entity: { stack: { name: 'network', namespaceId, iacType: 'terraform' } },
  });
  return { namespaceId, stackId: (stack as { id: string }).id };
}

/** Fills the variable dialog's fields that the journey uses and submits it. */
async function fillVariable(page: Page, submit: string, fields: { name?: string; value: string; kind?: 'Environment variable'; sensitive?: boolean }) {
  const dialog = page.getByRole('dialog');
  if (fields.kind) await dialog.getByRole('radio', { name: fields.kind }).check();
  if (fields.name) await dialog.getByRole('textbox', { name: /^Name/ }).fill(fields.name);
  if (fields.sensitive) await dialog.getByRole('switch', { name: 'Sensitive' }).click();
  await dialog.getByLabel(/^Value/).fill(fields.value);
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog, 'the dialog closes once the server has the variable').toBeHidden();
}

test.describe('variables at organization, namespace and stack level', () => {
  test('set at every level, see where a stack’s values come from, reveal a secret, delete', async ({ page, shell }) => {
    // One journey through three pages and five dialogs: longer than a page's usual minute.
    test.slow();
    const account = await signUpAccount(baseUrl(), 'Variables Org');
    const { namespaceId, stackId } = await namespaceWithStack(account);
    await useStoredSession(page, account.token);

    // The organization's variables, in its settings.
    await page.goto('/app/organization/setting?id=variables');
    await shell.expectSignedInAt('/app/organization/setting');
    await expect(page.getByText('No organization variables yet'), 'a new organization has none').toBeVisible();
    await page.getByRole('button', { name: 'Add variable' }).first().click();
    await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).fill('1region');
    await page.getByRole('dialog').getByRole('button', { name: 'Add variable', exact: true }).click();
    await expect(
      page.getByRole('dialog').getByText('Key must consist of: letters, digits, underscores (_), hyphens (-) and must not start with a digit or hyphen'),
      'the key is checked with the spec’s message',
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the variable dialog');
    await fillVariable(page, 'Add variable', { name: 'region', value: 'eu-west-1' });
    await expect(shell.toast('region added.')).toBeVisible();
    await page.getByRole('button', { name: 'Add variable' }).first().click();
    await fillVariable(page, 'Add variable', { name: 'DB_PASSWORD', value: 'hunter2-secret', kind: 'Environment variable', sensitive: true });
    const secretRow = page.getByRole('row', { name: /DB_PASSWORD/ });
    await expect(secretRow, 'a sensitive value is masked in the list').toContainText('••••••••');
    await expect(secretRow).not.toContainText('hunter2-secret');
    await expectNoAxeViolations(page, 'the organization variables');

    // The namespace overrides the organization's region.
    await page.goto(`/app/namespace/${namespaceId}?tab=variables`);
    const inherited = page.getByRole('row', { name: /region/ });
    await expect(inherited, 'the namespace shows what it inherits, and from where').toContainText('Organization');
    await page.getByRole('button', { name: 'Override region' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }), 'an override starts from the inherited key').toHaveValue('region');
    await fillVariable(page, 'Add variable', { value: 'eu-central-1' });
    await expect(page.getByRole('row', { name: /region/ })).toContainText('eu-central-1');
    await expectNoAxeViolations(page, 'the namespace variables');

    // The stack sets its own, and shows what its runs get with each value's source.
    await page.goto(`/app/stack/${stackId}?tab=variables&view=stack`);
    await expect(page.getByText('No variables set on this stack'), 'the stack has none of its own').toBeHidden();
    await page.getByRole('button', { name: 'Add variable' }).first().click();
    await fillVariable(page, 'Add variable', { name: 'instance_type', value: 't3.small' });
    await page.getByRole('tab', { name: 'Effective values' }).click();
    const effective = page.getByRole('table', { name: 'Effective variables' });
    await expect(effective.getByRole('row', { name: /instance_type/ })).toContainText('Stack');
    const region = effective.getByRole('row', { name: /region/ });
    await expect(region, 'the namespace value wins over the organization’s').toContainText('eu-central-1');
    await expect(region.getByRole('cell').nth(3), 'its source is the namespace').toHaveText('Namespace');
    await expect(region, 'and it overrides the organization’s').toContainText('Organization');
    await expect(effective.getByRole('row', { name: /DB_PASSWORD/ })).toContainText('Organization');
    await expectNoAxeViolations(page, 'the effective variables');

    // A sensitive value is read only on request, through the secret call (audited).
    await page.getByRole('button', { name: 'Reveal the value of DB_PASSWORD' }).click();
    const reveal = page.getByRole('dialog', { name: 'Value of DB_PASSWORD' });
    await expect(reveal.getByTestId('secret-value')).toHaveText('hunter2-secret');
    await expectNoAxeViolations(page, 'the revealed secret');
    await reveal.getByRole('button', { name: 'Close' }).first().click();
    const audit = await callApi<{ entityName: string; action: string }>(baseUrl(), 'GET', '/audit/event?daysBack=7', { token: account.token });
    expect(audit.filter((e) => e.entityName === 'DB_PASSWORD').map((e) => e.action), 'the reveal is in the audit log').toContain('readSecret');

    // Deleting the namespace's override brings the organization's value back to the stack.
    await page.goto(`/app/namespace/${namespaceId}?tab=variables`);
    await page.getByRole('button', { name: 'Delete region' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'Delete variable' })).toBeDisabled();
    await confirm.getByRole('textbox').fill('delete me');
    await confirm.getByRole('button', { name: 'Delete variable' }).click();
    await expect(shell.toast('region deleted.')).toBeVisible();
    await page.goto(`/app/stack/${stackId}?tab=variables`);
    await expect(page.getByRole('table', { name: 'Effective variables' }).getByRole('row', { name: /region/ })).toContainText('eu-west-1');
    const left = await callApi<{ key: string; scope: string }>(baseUrl(), 'GET', `/variable/effective/${stackId}`, { token: account.token });
    expect(left.map((v) => [v.key, v.scope]).sort(), 'the server resolves the same').toEqual([
      ['DB_PASSWORD', 'organization'],
      ['instance_type', 'stack'],
      ['region', 'organization'],
    ]);
  });

  const variants = [
    { theme: 'light', direction: 'ltr' },
    { theme: 'dark', direction: 'ltr' },
    { theme: 'light', direction: 'rtl' },
    { theme: 'dark', direction: 'rtl' },
  ] as const;
  for (const { theme, direction } of variants) {
    test(`screenshots of the variables pages, ${theme} ${direction}`, async ({ page, shell }) => {
      const account = await signUpAccount(baseUrl(), `Variables screens ${theme} ${direction}`);
      const { namespaceId, stackId } = await namespaceWithStack(account);
      const create = (entity: Record<string, unknown>) => callApi(baseUrl(), 'POST', '/variable', { token: account.token, entity: { isSensitive: false, isOverridable: true, isRequired: false, isHcl: false, ...entity } });
      await create({ scope: 'organization', key: 'region', type: 'tfVar', value: 'eu-west-1', displayName: 'AWS region', valueConditions: [{ operator: 'startsWith', value: 'eu-' }] });
      await create({ scope: 'organization', key: 'TF_LOG_PATH', type: 'envVar', value: '/tmp/tf.log', isOverridable: false });
      await create({ scope: 'organization', key: 'api_token', type: 'tfVar', value: 's3cr3t', isSensitive: true });
      await create({ scope: 'namespace', scopeId: namespaceId, key: 'region', type: 'tfVar', value: 'eu-central-1' });
      await create({ scope: 'namespace', scopeId: namespaceId, key: 'owners', type: 'tfVar', value: '["platform", "sre"]', isHcl: true });
      await create({ scope: 'stack', scopeId: stackId, key: 'instance_type', type: 'tfVar', value: 't3.small', description: 'The size of the web servers' });
      await create({ scope: 'stack', scopeId: stackId, key: 'db_password', type: 'tfVar', value: '', isRequired: true });

      const settings = { theme, direction, locale: 'en', navigationType: 'SIDE', topNavColor: '#3e82f7' };
      await useStoredSession(page, account.token, settings);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      const name = `${theme}-${direction}`;
      const shots = [
        [`/app/organization/setting?id=variables`, 'organization'],
        [`/app/namespace/${namespaceId}?tab=variables`, 'namespace'],
        [`/app/stack/${stackId}?tab=variables`, 'stack-effective'],
        [`/app/stack/${stackId}?tab=variables&view=stack`, 'stack-own'],
      ] as const;
      for (const [path, label] of shots) {
        await page.goto(path);
        await shell.expectSignedInAt(path.split('?')[0] as string);
        await expect(page.getByRole('row', { name: /region|instance_type/ }).first()).toBeVisible();
        await expectNoAxeViolations(page, `${label} variables, ${name}`);
        await page.screenshot({ path: `${dir}/variables-${label}-${name}.png`, fullPage: true });
      }
      await page.getByRole('button', { name: 'Edit instance_type' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add condition' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${dir}/variables-dialog-${name}.png` });
    });
  }
});
