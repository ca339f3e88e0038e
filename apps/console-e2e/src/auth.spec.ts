import { signUpAccount, uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, expect, test } from './support/test';

test.describe('sign-up and sign-in', () => {
  test('sign-up, sign-out, then sign-in returns to the page the visitor asked for', async ({ page, auth, shell }) => {
    const email = uniqueEmail('signup');
    await auth.signUp({ firstName: 'Ada', lastName: 'Lovelace', email, organizationName: 'Analytical Engines', password: 'Terrace-e2e-1' });
    await expectNoAxeViolations(page, 'the sign-up page after submitting');
    await shell.expectSignedInAt('/app/dashboard');
    await expect(page.getByTestId('header-organization'), 'the header names the new organization').toHaveText('Analytical Engines');
    await expect(page.getByTestId('free-trial-label'), 'a new organization is on the 14-day trial').toHaveText(
      'Free trial expires in: 14 day(s)',
    );
    await expectNoAxeViolations(page, 'the dashboard');

    await shell.signOut();
    await page.goto('/app/audit?page=2');
    await expect(page, 'a signed-out visitor goes to sign-in with the redirect target').toHaveURL(
      '/auth/login?redirect=%2Fapp%2Faudit%3Fpage%3D2',
    );
    await expectNoAxeViolations(page, 'the sign-in page');
    await auth.signIn(email, 'Terrace-e2e-1');
    await expect(page, 'signing in returns to the page asked for').toHaveURL('/app/audit?page=2');
    await expect(page.getByTestId('not-available-title'), 'the audit area names itself').toHaveText('Audit');
    await expectNoAxeViolations(page, 'the audit page');
  });

  test('wrong credentials keep the visitor on sign-in with the server message', async ({ page, auth, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Wrong Password Inc');
    await auth.openLogin();
    await auth.signIn(account.email, 'not-the-password-1');
    await expect(page.getByRole('alert'), 'the form shows why').toBeVisible();
    await expect(shell.toast(/./).first(), 'the 400 answer is also a toast (error catalogue)').toBeVisible();
    await expect(page, 'the visitor stays on sign-in').toHaveURL(/\/auth\/login/);
  });

  test('unknown sign-in paths go to the sign-in page', async ({ page }) => {
    await page.goto('/auth/does-not-exist');
    await expect(page, 'unknown /auth paths redirect to /auth/login').toHaveURL('/auth/login');
  });

  test('the password recovery page answers without telling whether the account exists', async ({ page }) => {
    await page.goto('/auth/recoverPassword');
    await expect(page.getByRole('heading', { name: 'Reset your password' }), 'the recovery page shows').toBeVisible();
    await expectNoAxeViolations(page, 'the password recovery page');
  });
});
