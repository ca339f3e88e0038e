import { expect, type Page } from 'playwright/test';

/** The sign-in flows: sign-in, sign-up, password recovery. */
export class AuthPages {
  constructor(readonly page: Page) {}

  async openLogin(query = ''): Promise<void> {
    await this.page.goto(`/auth/login${query}`);
    await expect(this.page.getByRole('heading', { name: 'Sign in to Terrace' }), 'the sign-in page shows').toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/api/auth/signIn'));
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await answered;
  }

  async signUp(input: { firstName: string; lastName: string; email: string; organizationName: string; password: string }): Promise<void> {
    await this.page.goto('/auth/signup');
    await expect(this.page.getByRole('heading', { name: 'Create your organization' }), 'the sign-up page shows').toBeVisible();
    await this.page.getByLabel('First name').fill(input.firstName);
    await this.page.getByLabel('Last name').fill(input.lastName);
    await this.page.getByLabel('Work e-mail').fill(input.email);
    await this.page.getByLabel(/^Organization/).fill(input.organizationName);
    await this.page.getByLabel(/^Password/).fill(input.password);
    await this.page.getByLabel('Confirm password').fill(input.password);
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/api/auth/signUp'));
    await this.page.getByRole('button', { name: 'Create organization' }).click();
    const response = await answered;
    expect(response.status(), 'the API accepts the sign-up').toBe(200);
  }
}
