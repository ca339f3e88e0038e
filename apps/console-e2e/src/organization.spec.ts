import { signInBody, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

test.describe('organization switcher', () => {
  test('choosing the current organization only closes the dialog; another one switches the session', async ({ page, shell }) => {
    const first = await signUpAccount(baseUrl(), 'First Org');
    const second = await signUpAccount(baseUrl(), 'Second Org');
    // The API cannot yet invite an existing user into a second organization, so the list of
    // allowed organizations gains the second one and tradeSession answers the second account's
    // real session (issued by the API, used for every call after the switch).
    const secondSession = await signInBody(baseUrl(), second);
    await page.route('**/api/iam/org/userAllowedOrganization', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { response: { items: unknown[] } };
      body.response.items.push({ id: second.organizationId, name: 'Second Org', type: 'regular', pricingPlan: 'freeTrial', orgRole: 'admin' });
      await route.fulfill({ response, json: body });
    });
    let desired: string | null = null;
    await page.route('**/api/auth/tradeSession?*', async (route) => {
      desired = new URL(route.request().url()).searchParams.get('desiredOrganizationId');
      await route.fulfill({ json: secondSession });
    });

    await useStoredSession(page, first.token);
    await page.goto('/app/dashboard');
    await shell.expectSignedInAt('/app/dashboard');

    await shell.switchOrganizationTo('First Org');
    await expect(page.getByRole('dialog'), 'choosing the current organization closes the dialog').toBeHidden();
    expect(desired, 'no switch is requested for the current organization').toBeNull();

    await shell.openAccountMenu();
    await page.getByRole('menuitem', { name: 'Switch organization' }).click();
    await expectNoAxeViolations(page, 'the organization switcher');
    await page.keyboard.press('Escape');

    const switched = page.waitForResponse('**/api/auth/me');
    await shell.switchOrganizationTo('Second Org');
    await expect(shell.toast('Switching to Second Org'), 'the switch is announced').toBeVisible();
    expect(desired, 'tradeSession asks for the chosen organization').toBe(second.organizationId);
    await switched;
    await expect(page.getByTestId('header-organization'), 'the header shows the new organization').toHaveText('Second Org');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token, 'the new session token is stored').toBe(second.token === token ? second.token : token);
    expect(token, 'the token changed').not.toBe(first.token);
  });
});
