import type { Page } from 'playwright/test';
import { signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

/** Answers a real call with a changed first item: roles and organization types sign-up cannot create. */
async function patchFirstItem(page: Page, glob: string, patch: (item: Record<string, unknown>) => void): Promise<void> {
  await page.route(glob, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { response: { items: Record<string, unknown>[] } };
    const item = body.response.items[0];
    if (item) patch(item);
    await route.fulfill({ response, json: body });
  });
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

  test('a namespace-only user is sent from the dashboard to the namespaces page', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Guards Namespace');
    await patchFirstItem(page, '**/api/iam/org/userOrgRole', (item) => {
      item['orgRole'] = 'nsOnly';
      item['orgUserRole'] = 'nsOnly';
    });
    await useStoredSession(page, account.token);
    await page.goto('/app/dashboard');
    await expect(page, 'namespace-only users start at the namespaces page').toHaveURL('/app/namespaces');
    await expect(page.getByRole('heading', { level: 1, name: 'Namespaces' }), 'the namespaces page shows').toBeVisible();
    await page.goto('/app/stack/stk-123');
    await expect(page.getByTestId('not-available-title'), 'stack pages are open to them').toHaveText('Stacks and Runs');
    await page.goto('/app/audit');
    await expect(page, 'audit is not').toHaveURL('/app/namespaces');
    await shell.openAccountMenu();
    await expect(page.getByRole('menuitem', { name: 'Organization settings' }), 'no organization settings link').toHaveCount(0);
  });

  test('a management organization opens only organization, user and team pages', async ({ page }) => {
    const account = await signUpAccount(baseUrl(), 'Guards Management');
    await patchFirstItem(page, '**/api/auth/me', (item) => {
      (item['organization'] as Record<string, unknown>)['type'] = 'management';
    });
    await useStoredSession(page, account.token);
    await page.goto('/app');
    await expect(page, 'management organizations start at the organization page').toHaveURL((url) => url.pathname === '/app/organization/setting');
    await expect(page.getByTestId('side-nav'), 'no navigation in management mode').toHaveCount(0);
    await page.goto('/app/dashboard');
    await expect(page, 'the dashboard is closed to them').toHaveURL((url) => url.pathname === '/app/organization/setting');
  });

  test('disaster recovery without the capability offers the free trial, which reaches the team', async ({ page }) => {
    const account = await signUpAccount(baseUrl(), 'Guards Recovery');
    await patchFirstItem(page, '**/api/org/capabilities', (item) => {
      item['capabilities'] = { disasterRecovery: false, aiAgent: false };
    });
    await useStoredSession(page, account.token);
    await page.goto('/app/disasterRecovery');
    await expect(page.getByRole('heading', { name: 'Upgrade Your subscription to access this feature' }), 'the upgrade page shows').toBeVisible();
    await expect(page.getByTestId('side-nav').getByRole('link', { name: /Disaster Recovery/ }), 'the entry is locked').toHaveAttribute(
      'data-locked',
      'true',
    );
    await expectNoAxeViolations(page, 'the disaster recovery upgrade page');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/console/event') && r.request().method() === 'POST');
    await page.getByRole('button', { name: '30-Day free trial' }).click();
    expect((await sent).status(), 'the API records the request').toBe(200);
    await expect(page.getByRole('heading', { name: 'Our team will be in touch soon' }), 'the confirmation shows').toBeVisible();
  });
});
