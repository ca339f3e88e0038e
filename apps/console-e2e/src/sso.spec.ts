import { startTestOidcProvider, type TestOidcProvider } from '@terrace/testing-idp';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, expect, test } from './support/test';

let idp: TestOidcProvider;

test.beforeAll(async () => {
  // A real OpenID Connect provider on a loopback port, with our callback registered.
  idp = await startTestOidcProvider(`${baseUrl()}/api/auth/sso/oidc/callback`);
});

test.afterAll(async () => {
  await idp?.close();
});

/** The organization's admin makes the test provider its identity provider for the domain (the real admin call). */
async function useTestIdentityProvider(admin: Account, domain: string, defaultRole: string): Promise<void> {
  await callApi(baseUrl(), 'PUT', '/iam/org/identityProvider', {
    token: admin.token,
    entity: {
      type: 'oidc',
      emailDomains: [domain],
      defaultRole,
      oidc: { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid email profile groups' },
    },
  });
}

test.describe('single sign-on into several organizations', () => {
  test('the identity provider signs the user in, the session picker lists both organizations, Select switches', async ({ page, shell }) => {
    const domain = `sso-${Date.now().toString(36)}.example.com`;
    const alpha = await signUpAccount(baseUrl(), 'Skyline Alpha');
    const beta = await signUpAccount(baseUrl(), 'Skyline Beta');
    await useTestIdentityProvider(alpha, domain, 'member');
    await useTestIdentityProvider(beta, domain, 'viewer');
    const email = `ada@${domain}`;
    idp.accounts.set('ada', { email, givenName: 'Ada', familyName: 'Lovelace', groups: ['platform'] });

    await page.goto('/auth/login/sso');
    await expect(page.getByRole('heading', { name: 'Sign in with SSO' }), 'the SSO page shows').toBeVisible();
    await expectNoAxeViolations(page, 'the SSO sign-in page');
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The provider's own sign-in and consent pages, in the browser.
    await expect(page, 'the console hands over to the identity provider').toHaveURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('ada');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page.getByRole('button', { name: 'Continue' }), 'the provider asks for consent').toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The callback sends a user of several organizations to the picker, which signs in first.
    await expect(page, 'the picker signs in and drops the used potential session from the URL').toHaveURL('/auth/ssoChooseLogin');
    await expect(page.getByRole('heading', { name: 'Choose a session' }), 'the session picker shows').toBeVisible();
    const list = page.getByTestId('session-list');
    const rows = list.getByRole('row');
    await expect(rows, 'a header row and one row per organization').toHaveCount(3);
    const current = rows.filter({ hasText: 'Current Role' });
    await expect(current, 'one session is the current one').toHaveCount(1);
    const currentName = (await current.getByRole('cell').first().textContent())?.trim();
    const [here, other, otherRole] = currentName === 'Skyline Alpha' ? [alpha, beta, 'Viewer'] : [beta, alpha, 'Member'];
    expect(currentName, 'the current session is in one of the two organizations').toBe(here.organizationName);
    expect(await page.evaluate(() => localStorage.getItem('auth_token')), 'the potential session signed in').toMatch(/^tsn_/);
    const maxHeight = await list.evaluate((el) => getComputedStyle(el).maxHeight);
    expect(maxHeight, 'the list is at most half the viewport (900 px)').toBe('450px');
    await expectNoAxeViolations(page, 'the session picker');
    await page.screenshot({ path: `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots/light-auth-ssoChooseLogin.png`, fullPage: true });

    const search = page.getByRole('searchbox', { name: 'Search sessions' });
    await search.fill(other.organizationName.split(' ')[1] ?? '');
    await expect(rows, 'the text search keeps the matching organization').toHaveCount(2);
    await search.fill('nothing matches this');
    await expect(list.getByText('No session matches the search.'), 'and says when none does').toBeVisible();
    await search.fill('');
    await page.getByRole('button', { name: 'Organization' }).click();
    await page.getByRole('menuitemcheckbox', { name: other.organizationName }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Organization (1)' }), 'the filter counts its choices').toBeVisible();
    await expect(rows, 'the organization filter keeps that organization').toHaveCount(2);

    const switched = page.waitForResponse((r) => r.url().endsWith('/api/auth/sso/switchSession'));
    await list.getByRole('button', { name: `Select ${other.organizationName} as ${otherRole}` }).click();
    expect((await switched).status(), 'the API switches the session').toBe(200);
    await shell.expectSignedInAt('/app/dashboard');
    await expect(page.getByTestId('header-organization'), 'the console is in the chosen organization').toHaveText(other.organizationName);
  });

  test('an unknown potential session ends on the bad-login page with a clear message', async ({ page }) => {
    await page.goto('/auth/ssoChooseLogin?ssoPotentialSessionId=ssps-doesnotexist');
    await expect(page, 'the picker sends the visitor to the bad-login page').toHaveURL('/auth/ssoBadLogin?reason=invalidSession');
    await expect(page.getByText('This single sign-on session is invalid, already used or expired. Sign in with single sign-on again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token')), 'nobody is signed in').toBeNull();
    await expectNoAxeViolations(page, 'the bad-login page');
  });
});
