import { expect, type Page, type Response } from 'playwright/test';

/** The signed-in user's own pages: /user/setting and /personalAccessToken/terraformLogin. */
export class UserSettingsPages {
  constructor(readonly page: Page) {}

  async openUserSettings(): Promise<void> {
    await this.page.goto('/app/user/setting');
    await expect(
      this.page.getByRole('heading', { name: 'User settings', level: 1 }),
      'the user settings page shows',
    ).toBeVisible();
  }

  async saveProfile(firstName: string, lastName: string): Promise<Response> {
    await this.page.getByRole('textbox', { name: /First name/ }).fill(firstName);
    await this.page.getByRole('textbox', { name: /Last name/ }).fill(lastName);
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/iam/user/profile') && r.request().method() === 'PUT',
    );
    await this.page.getByRole('button', { name: 'Save profile' }).click();
    return answered;
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<Response> {
    await this.page.getByLabel(/Current password/).fill(currentPassword);
    await this.page.getByLabel(/^New password/).fill(newPassword);
    await this.page.getByLabel(/Confirm new password/).fill(newPassword);
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/iam/user/password') && r.request().method() === 'PUT',
    );
    await this.page.getByRole('button', { name: 'Change password' }).click();
    return answered;
  }

  async openTerraformLogin(): Promise<void> {
    await this.page.goto('/app/personalAccessToken/terraformLogin');
    await expect(
      this.page.getByRole('heading', { level: 1 }),
      'the terraform login page shows',
    ).toHaveText(/Sign Terraform in to/);
  }

  /** Creates a token through its dialog and answers its value, read from the page that shows it once. */
  async createToken(name: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Create token' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create a token' });
    await expect(dialog, 'creating a token opens its dialog').toBeVisible();
    await dialog.getByRole('textbox', { name: /Token name/ }).fill(name);
    const answered = this.page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/iam/user/personalAccessToken') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create token' }).click();
    expect((await answered).status(), 'the API creates the token').toBe(200);
    await expect(dialog, 'the dialog closes once the token exists').toBeHidden();
    const secret = this.page.getByTestId('secret-value');
    await expect(secret, 'the token value is shown once').toHaveText(/^tpa_/);
    return (await secret.textContent()) ?? '';
  }

  async revokeToken(name: string): Promise<Response> {
    await this.page.getByRole('button', { name: `Revoke token ${name}` }).click();
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog, 'revoking asks for a confirmation').toBeVisible();
    const answered = this.page.waitForResponse(
      (r) =>
        r.url().includes('/api/iam/user/personalAccessToken/') && r.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    return answered;
  }
}
