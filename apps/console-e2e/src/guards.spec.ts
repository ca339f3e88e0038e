import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { operatorCommand } from './support/database';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';
import { invitedUser } from './support/users';

async function createNamespace(admin: Account, name: string): Promise<string> {
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: admin.token, entity: { name } });
  if (!namespace) throw new Error('Creating a namespace answered no item');
  return namespace.id;
}

test.describe('guards by role, organization type and capability', () => {
  test('an admin of a regular organization lands on the dashboard and sees the full navigation', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Guards Admin');
    await useStoredSession(page, account.token);
    await page.goto('/app');
    await shell.expectSignedInAt('/app/dashboard');
    await expect(shell.sideNav.getByRole('link', { name: 'Audit' }), 'admins see Administration').toBeVisible();
    await expect(shell.sideNav.getByRole('link', { name: 'Terraform Cloud Migration' }), 'the migration page needs the allow-list').toHaveCount(0);
  });

  test('a viewer opens organization settings and disaster recovery; a member opens neither', async ({ page, shell }) => {
    const admin = await signUpAccount(baseUrl(), 'Guards Roles');
    const viewer = await invitedUser(admin, 'viewer');
    const member = await invitedUser(admin, 'member');

    await useStoredSession(page, viewer.token);
    await page.goto('/app');
    await shell.expectSignedInAt('/app/dashboard');
    await page.goto('/app/disasterRecovery');
    await expect(page.getByRole('heading', { name: 'Upgrade Your subscription to access this feature' }), 'viewers reach the plan fallback').toBeVisible();
    await expectNoAxeViolations(page, 'the upgrade page of a viewer');
    await shell.openAccountMenu();
    await expect(page.getByRole('menuitem', { name: 'Organization settings' }), 'viewers see organization settings').toBeVisible();
    await page.keyboard.press('Escape');

    await shell.signOut();
    await useStoredSession(page, member.token);
    await page.goto('/app');
    await shell.expectSignedInAt('/app/dashboard');
    await page.goto('/app/disasterRecovery');
    await expect(page, 'disaster recovery is closed to members').toHaveURL((url) => url.pathname === '/app/dashboard');
    await page.goto('/app/organization/setting');
    await expect(page, 'so are organization settings').toHaveURL((url) => url.pathname === '/app/dashboard');
    await shell.openAccountMenu();
    await expect(page.getByRole('menuitem', { name: 'Organization settings' }), 'no organization settings link for members').toHaveCount(0);
  });

  test('a member is refused the namespace wizards and sees namespace changes disabled, with the reason', async ({ page }) => {
    const admin = await signUpAccount(baseUrl(), 'Guards Wizard');
    const member = await invitedUser(admin, 'member');
    const namespaceId = await createNamespace(admin, 'shared-ns');
    await useStoredSession(page, member.token);
    const reason = 'Your role does not allow this. Ask an organization admin.';

    // The wizard ends in namespace:create, which the server refuses members: the guard refuses it first.
    await page.goto('/app/createNamespaceWizard');
    await expect(page, 'the create wizard is refused').toHaveURL((url) => url.pathname === '/app/dashboard');
    await expect(page.getByText(reason).first(), 'the refusal says why').toBeVisible();
    await page.goto(`/app/editNamespaceWizard/${namespaceId}`);
    await expect(page, 'the edit wizard is refused').toHaveURL((url) => url.pathname === '/app/dashboard');

    await page.goto(`/app/namespace/${namespaceId}`);
    const remove = page.getByRole('button', { name: 'Delete' });
    await expect(remove, 'delete is shown but disabled').toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit' }), 'edit is shown but disabled').toBeDisabled();
    await page.locator('[data-slot="disabled-reason"]', { has: remove }).hover();
    await expect(page.getByRole('tooltip'), 'pointing at delete says why').toHaveText(reason);
    await expectNoAxeViolations(page, 'the namespace page of a member');

    await page.goto('/app/namespaces');
    await expect(page.getByRole('button', { name: 'Create namespace' }), 'create is shown but disabled').toBeDisabled();
  });

  test('a deployer is namespace-only in the console and starts at the namespaces page', async ({ page, shell }) => {
    const admin = await signUpAccount(baseUrl(), 'Guards Deployer');
    const deployer = await invitedUser(admin, 'deployer');
    await useStoredSession(page, deployer.token);
    await page.goto('/app/dashboard');
    await expect(page, 'deployers start at the namespaces page').toHaveURL('/app/namespaces');
    await expect(page.getByRole('heading', { level: 1, name: 'Namespaces' }), 'the namespaces page shows').toBeVisible();
    await expect(shell.accountMenuButton, 'the deployer is signed in').toBeVisible();
  });

  test('a namespace-only user sees only the namespace granted to them and no organization pages', async ({ page, shell }) => {
    const admin = await signUpAccount(baseUrl(), 'Guards Namespace');
    const operator = await invitedUser(admin, 'ns-operator');
    const granted = await createNamespace(admin, 'granted-ns');
    await createNamespace(admin, 'hidden-ns');
    await callApi(baseUrl(), 'POST', '/iam/org/namespacePermission', {
      token: admin.token,
      entity: { namespaceId: granted, userEmail: operator.email, role: 'viewer' },
    });

    await useStoredSession(page, operator.token);
    await page.goto('/app/dashboard');
    await expect(page, 'namespace-only users start at the namespaces page').toHaveURL('/app/namespaces');
    const table = page.getByRole('table', { name: 'Namespaces' });
    await expect(table.getByRole('link', { name: 'granted-ns' }), 'the granted namespace is listed').toBeVisible();
    await expect(table.getByRole('link', { name: 'hidden-ns' }), 'the other one is not').toHaveCount(0);
    await expectNoAxeViolations(page, 'the namespaces page of a namespace-only user');
    await page.goto('/app/stack/stk-123');
    await expect(page, 'stack pages are open to them').toHaveURL('/app/stack/stk-123');
    await expect(page.getByRole('heading', { level: 1, name: 'Stack' }), 'the stack page answers (this stack does not exist)').toBeVisible();
    await page.goto('/app/audit');
    await expect(page, 'audit is not').toHaveURL('/app/namespaces');
    await shell.openAccountMenu();
    await expect(page.getByRole('menuitem', { name: 'Organization settings' }), 'no organization settings link').toHaveCount(0);
  });

  test('a management organization (set by the operator) opens only organization, user and team pages', async ({ page }) => {
    const account = await signUpAccount(baseUrl(), 'Guards Management');
    expect(await operatorCommand('set-organization-type', account.organizationId, 'management')).toContain('is now of type management');
    await useStoredSession(page, account.token);
    await page.goto('/app');
    await expect(page, 'management organizations start at the organization page').toHaveURL((url) => url.pathname === '/app/organization/setting');
    await expect(page.getByTestId('side-nav'), 'no navigation in management mode').toHaveCount(0);
    await expectNoAxeViolations(page, 'the organization page of a management organization');
    await page.goto('/app/dashboard');
    await expect(page, 'the dashboard is closed to them').toHaveURL((url) => url.pathname === '/app/organization/setting');
  });

  test('disaster recovery on the free trial offers the free trial, which reaches the team; the enterprise plan opens it', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Guards Recovery');
    await useStoredSession(page, account.token);
    await page.goto('/app/disasterRecovery');
    await expect(page.getByRole('heading', { name: 'Upgrade Your subscription to access this feature' }), 'the upgrade page shows').toBeVisible();
    await expect(shell.sideNav.getByRole('link', { name: /Disaster Recovery/ }), 'the entry is locked').toHaveAttribute('data-locked', 'true');
    await expectNoAxeViolations(page, 'the disaster recovery upgrade page');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/console/event') && r.request().method() === 'POST');
    await page.getByRole('button', { name: '30-Day free trial' }).click();
    const event = await sent;
    expect(event.status(), 'the API records the request').toBe(200);
    expect(event.request().postDataJSON(), 'the console event names the request').toEqual({
      entity: { title: 'Disaster recovery free trial requested', message: 'The organization asked for a 30-day free trial of disasterRecovery.' },
    });
    await expect(page.getByRole('heading', { name: 'Our team will be in touch soon' }), 'the confirmation shows').toBeVisible();

    expect(await operatorCommand('set-organization-plan', account.organizationId, 'enterprise')).toContain('enterprise plan');
    await page.reload();
    await expect(page.getByTestId('not-available-title'), 'the enterprise plan opens disaster recovery').toHaveText('Disaster Recovery');
    await expect(shell.sideNav.getByRole('link', { name: /Disaster Recovery/ }), 'the entry is no longer locked').not.toHaveAttribute('data-locked', 'true');
  });
});
