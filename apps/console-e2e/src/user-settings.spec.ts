import { signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { UserSettingsPages } from './pages/user-settings-pages';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const authorized = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe('the signed-in user’s own account', () => {
  test('editing the profile renames the user in the header', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Profile Org');
    const pages = new UserSettingsPages(page);
    await useStoredSession(page, account.token);
    await page.goto('/app/dashboard');
    await shell.expectSignedInAt('/app/dashboard');
    await expect(shell.accountMenuButton, 'the header shows the signed-up name').toContainText(
      'Grace Hopper',
    );

    await shell.openAccountMenu();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page, 'Edit Profile opens the user settings').toHaveURL('/app/user/setting');
    await expect(
      page.getByRole('heading', { name: 'User settings', level: 1 }),
      'the user settings page shows',
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the user settings page');

    const saved = await pages.saveProfile('Ada', 'Lovelace');
    expect(saved.status(), 'the API saves the profile').toBe(200);
    await expect(shell.toast('Profile saved.'), 'the save is confirmed').toBeVisible();
    await expect(shell.accountMenuButton, 'the header shows the new name').toContainText(
      'Ada Lovelace',
    );
    await shell.openAccountMenu();
    await expect(page.getByRole('menu'), 'the profile menu shows the new name').toContainText(
      'Ada Lovelace',
    );
  });

  test('changing the password ends the other sessions and the new password signs in', async ({
    page,
    request,
    auth,
    shell,
  }) => {
    const account = await signUpAccount(baseUrl(), 'Password Org');
    const pages = new UserSettingsPages(page);
    const signedIn = await request.post(`${baseUrl()}/api/auth/signIn`, {
      data: { entity: { email: account.email, password: account.password } },
    });
    const otherSession =
      ((await signedIn.json()) as { response: { items: { token: string }[] } }).response.items[0]
        ?.token ?? '';
    await useStoredSession(page, account.token);
    await pages.openUserSettings();

    const wrong = await pages.changePassword('not-the-password-1', 'Terrace-e2e-new-2');
    expect(wrong.status(), 'a wrong current password is refused').toBe(400);
    await expect(
      page.getByLabel(/Current password/),
      'the form says which field is wrong',
    ).toHaveAccessibleDescription('The current password is not correct.');

    const changed = await pages.changePassword(account.password, 'Terrace-e2e-new-2');
    expect(changed.status(), 'the API changes the password').toBe(200);
    await expect(
      shell.toast('Password changed. Your other sessions were signed out.'),
      'the change is confirmed',
    ).toBeVisible();
    const other = await request.get(`${baseUrl()}/api/auth/me`, {
      headers: authorized(otherSession),
    });
    expect(other.status(), 'the other session has ended').toBe(401);
    const current = await request.get(`${baseUrl()}/api/auth/me`, {
      headers: authorized(account.token),
    });
    expect(current.status(), 'the session that changed the password stays').toBe(200);

    await shell.signOut();
    await auth.openLogin();
    await auth.signIn(account.email, account.password);
    await expect(page.getByRole('alert'), 'the old password no longer signs in').toBeVisible();
    await auth.signIn(account.email, 'Terrace-e2e-new-2');
    await shell.expectSignedInAt('/app/dashboard');
  });

  test('a personal access token for terraform login works as a bearer until revoked', async ({
    page,
    request,
  }) => {
    const account = await signUpAccount(baseUrl(), 'Token Org');
    const pages = new UserSettingsPages(page);
    await useStoredSession(page, account.token);
    await pages.openTerraformLogin();
    await expect(
      page.getByText('You have no personal access tokens.'),
      'the list starts empty',
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the terraform login page');

    // The creation form is a dialog: it takes the focus, passes axe, and Escape gives the focus back.
    const create = page.getByRole('button', { name: 'Create token' });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create a token' });
    await expect(
      dialog.getByRole('textbox', { name: /Token name/ }),
      'the dialog takes the focus',
    ).toBeFocused();
    await expectNoAxeViolations(page, 'the token creation dialog');
    await page.keyboard.press('Escape');
    await expect(dialog, 'Escape closes the dialog').toBeHidden();
    await expect(create, 'the focus is back on the button').toBeFocused();

    const token = await pages.createToken('e2e laptop');
    await expect(
      page.getByText(/Token for .+:/),
      'the page says where to paste the token',
    ).toBeVisible();
    const list = page.getByRole('table', { name: 'Your personal access tokens' });
    await expect(
      list.getByRole('cell', { name: 'e2e laptop', exact: true }),
      'the new token is listed',
    ).toBeVisible();
    await expect(list, 'the list never shows the value').not.toContainText(token);
    await expectNoAxeViolations(page, 'the terraform login page with a new token');

    const withToken = await request.get(`${baseUrl()}/api/namespace`, {
      headers: authorized(token),
    });
    expect(withToken.status(), 'the token authenticates API calls').toBe(200);

    const revoked = await pages.revokeToken('e2e laptop');
    expect(revoked.status(), 'the API revokes the token').toBe(200);
    await expect(
      list.getByRole('cell', { name: 'e2e laptop', exact: true }),
      'the revoked token leaves the list',
    ).toBeHidden();
    const afterRevoke = await request.get(`${baseUrl()}/api/namespace`, {
      headers: authorized(token),
    });
    expect(afterRevoke.status(), 'a revoked token is refused').toBe(401);
  });
});
