import { signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

test.describe('namespaces', () => {
  test('create through the wizard, edit, and delete behind the typed phrase', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Namespace Org');
    await useStoredSession(page, account.token);
    await page.goto('/app/createNamespaceWizard');
    await shell.expectSignedInAt('/app/createNamespaceWizard');

    // Next validates the step; Enter in a field is Next too.
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(page.getByText('Enter a name for the namespace.'), 'an empty name stops Next').toBeVisible();
    await expectNoAxeViolations(page, 'the namespace wizard with a step error');
    await page.getByRole('textbox', { name: /Name/ }).fill('payments');
    await page.getByRole('textbox', { name: /Name/ }).press('Enter');
    await expect(page.getByText('Step 2 of 5'), 'Enter moves to the IaC step').toBeVisible();
    await page.getByRole('textbox', { name: /Terraform version/ }).fill('1.9.8');
    // Back keeps what was typed, and the visited step can be picked in the step list.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: /Name/ })).toHaveValue('payments');
    await page.getByRole('button', { name: /IaC versions/ }).click();
    await expect(page.getByRole('textbox', { name: /Terraform version/ })).toHaveValue('1.9.8');
    for (let step = 2; step < 5; step += 1) await next.click();
    await page.getByRole('button', { name: 'Create namespace' }).click();

    await expect(page, 'creating opens the new namespace').toHaveURL(/\/app\/namespace\/[^/]+$/);
    await expect(shell.toast('Namespace payments created.')).toBeVisible();
    const namespaceId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    await page.goto(`/app/editNamespaceWizard/${namespaceId}`);
    await expect(page.getByRole('textbox', { name: /Name/ }), 'the wizard starts from the stored namespace').toHaveValue('payments');
    await page.getByRole('textbox', { name: 'Description' }).fill('Card processing');
    for (let step = 1; step < 5; step += 1) await next.click();
    await page.getByRole('button', { name: 'Save namespace' }).click();
    await expect(page).toHaveURL(`/app/namespace/${namespaceId}`);
    await expect(shell.toast('Namespace payments saved.')).toBeVisible();
    await expect(page.getByText('Card processing').first(), 'the details show the saved description').toBeVisible();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    const confirm = dialog.getByRole('button', { name: 'Delete namespace' });
    await dialog.getByRole('textbox').fill('delete');
    await expect(confirm, 'the phrase must match').toBeDisabled();
    await dialog.getByRole('textbox').fill('delete me');
    await confirm.click();
    await expect(page).toHaveURL('/app/namespaces');
    await expect(shell.toast('Namespace payments deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'payments' }), 'the list no longer has it').toHaveCount(0);
  });
});
