import type { Page } from 'playwright/test';
import { uniqueEmail } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { totpCode, totpStep, wrongTotpCode } from './support/totp';
import { expect, test } from './support/test';

async function submitCode(page: Page, code: string, button: string): Promise<void> {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: button }).click();
}

test.describe('two-factor authentication', () => {
  test('the MFA requirement forces setup at sign-in; the next sign-in asks for a code', async ({ page, auth, shell }) => {
    // Two sign-ins and a dozen steps: on a shared two-core machine this outgrows the default minute.
    test.setTimeout(120_000);
    const email = uniqueEmail('mfa');
    const password = 'Terrace-e2e-1';
    await auth.signUp({ firstName: 'Hedy', lastName: 'Lamarr', email, organizationName: 'Frequency Hopping', password });
    await shell.expectSignedInAt('/app/dashboard');

    // The admin turns on 'MFA is required for non-SSO login' in the organization settings.
    await page.goto('/app/organization/setting');
    await page.getByRole('tab', { name: 'Sign-in settings' }).click();
    const requirement = page.getByRole('switch', { name: 'MFA is required for non-SSO login' });
    await expect(requirement, 'the requirement starts off').not.toBeChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/org/signInSettings') && r.request().method() === 'PUT');
    await requirement.click();
    expect((await saved).status(), 'the API saves the sign-in settings').toBe(200);
    await expect(shell.toast('Sign-in settings saved.'), 'the change is confirmed').toBeVisible();
    await expect(requirement, 'the requirement is on').toBeChecked();
    await expectNoAxeViolations(page, 'the sign-in settings');

    // Signing in again now requires setting up MFA first.
    await shell.signOut();
    await auth.signIn(email, password);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' }), 'sign-in asks for MFA setup').toBeVisible();
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret, 'the page shows a base32 setup key').toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.getByRole('link', { name: 'Open in an authenticator app on this device' }), 'and the otpauth link of that key').toHaveAttribute(
      'href',
      new RegExp(`^otpauth://totp/.*secret=${secret}`),
    );
    await expectNoAxeViolations(page, 'the MFA setup step');

    await submitCode(page, wrongTotpCode(secret), 'Turn on and sign in');
    await expect(page.getByRole('alert').filter({ hasText: 'The MFA code is not valid' }), 'a wrong code is refused with the server message').toBeVisible();
    await expect(page, 'the visitor stays on sign-in').toHaveURL(/\/auth\/login/);

    const setupStep = totpStep();
    const configured = page.waitForResponse((r) => r.url().includes('/api/iam/org/user/mfa/configure/withAddMfaSession'));
    await submitCode(page, totpCode(secret, setupStep), 'Turn on and sign in');
    expect((await configured).status(), 'the API accepts the code computed from the key').toBe(200);
    await shell.expectSignedInAt('/app/dashboard');

    // With MFA on, sign-in asks for a code. Each code works once, so the next step's code is used
    // (the server accepts one step of drift).
    await shell.signOut();
    await auth.signIn(email, password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' }), 'sign-in asks for the code').toBeVisible();
    await expectNoAxeViolations(page, 'the MFA code step');
    await submitCode(page, wrongTotpCode(secret), 'Verify and sign in');
    await expect(page.getByRole('alert').filter({ hasText: 'The MFA code is not valid' }), 'a wrong code is refused').toBeVisible();
    await submitCode(page, '12ab', 'Verify and sign in');
    await expect(page.getByText('Enter the 6-digit code from your authenticator app'), 'the form checks the shape first').toBeVisible();

    const signedIn = page.waitForResponse((r) => r.url().includes('/api/auth/signInWithMfaPotentialSession'));
    await submitCode(page, totpCode(secret, Math.max(totpStep(), setupStep + 1)), 'Verify and sign in');
    expect((await signedIn).status(), 'the API signs in with the code').toBe(200);
    await shell.expectSignedInAt('/app/dashboard');
    await expectNoAxeViolations(page, 'the dashboard after MFA sign-in');
  });
});
