import { inviteUser, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { linkPathInLatestMailTo } from './support/database';
import { baseUrl, expect, test } from './support/test';

test.describe('organization switcher', () => {
  test('a user invited into a second organization switches between both; the current one only closes the dialog', async ({ page, auth, shell }) => {
    // Two sign-ins and a dozen steps: on a shared two-core machine this outgrows the default minute.
    test.setTimeout(120_000);
    // The user signs up organization Alpha; Beta's admin invites the same e-mail as a member.
    const user = await signUpAccount(baseUrl(), 'Orbit Alpha');
    const beta = await signUpAccount(baseUrl(), 'Orbit Beta');
    await inviteUser(baseUrl(), beta, user.email, 'member');

    // The link of the invitation mail, as the user would follow it.
    await page.goto(await linkPathInLatestMailTo(user.email));
    await expect(page.getByRole('heading', { name: 'Accept the invitation' }), 'the existing-user invitation page shows').toBeVisible();
    await expectNoAxeViolations(page, 'the existing-user invitation page');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page.getByText('You joined the organization. Sign in and switch to it from your profile menu.')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page, 'the invitation page leads to sign-in').toHaveURL(/\/auth\/login/);
    await auth.signIn(user.email, user.password);
    await shell.expectSignedInAt('/app/dashboard');
    await expect(page.getByTestId('header-organization'), 'sign-in opens the first organization').toHaveText('Orbit Alpha');
    const firstToken = await page.evaluate(() => localStorage.getItem('auth_token'));

    const trades: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/tradeSession')) trades.push(new URL(request.url()).searchParams.get('desiredOrganizationId') ?? '');
    });
    await shell.switchOrganizationTo('Orbit Alpha');
    await expect(page.getByRole('dialog'), 'choosing the current organization closes the dialog').toBeHidden();
    expect(trades, 'no switch is requested for the current organization').toEqual([]);

    await shell.openAccountMenu();
    await page.getByRole('menuitem', { name: 'Switch organization' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Organization' }).click();
    await expect(page.getByRole('option'), 'the dialog lists both real memberships').toHaveText(['Orbit Alpha', 'Orbit Beta']);
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, 'the organization switcher');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog'), 'Escape closes the switcher').toBeHidden();

    const switched = page.waitForResponse((r) => r.url().includes('/api/auth/tradeSession'));
    await shell.switchOrganizationTo('Orbit Beta');
    expect((await switched).status(), 'the API trades the session').toBe(200);
    await expect(shell.toast('Switching to Orbit Beta'), 'the switch is announced').toBeVisible();
    expect(trades, 'tradeSession asks for the chosen organization').toEqual([beta.organizationId]);
    await shell.expectSignedInAt('/app/dashboard');
    await expect(page.getByTestId('header-organization'), 'the header shows the new organization').toHaveText('Orbit Beta');
    const secondToken = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(secondToken, 'a new session token is stored').not.toBe(firstToken);
    await page.reload();
    await expect(page.getByTestId('header-organization'), 'the new session survives a reload').toHaveText('Orbit Beta');

    await shell.switchOrganizationTo('Orbit Alpha');
    await expect(shell.toast('Switching to Orbit Alpha'), 'switching back is announced').toBeVisible();
    await expect(page.getByTestId('header-organization'), 'and lands in the first organization').toHaveText('Orbit Alpha');
    expect(trades, 'the way back asks for the first organization').toEqual([beta.organizationId, user.organizationId]);
  });
});
