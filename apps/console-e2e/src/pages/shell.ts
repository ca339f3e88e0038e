import { expect, type Locator, type Page } from 'playwright/test';

/** The authenticated layout: header, navigation, profile menu and its dialogs, toasts. */
export class Shell {
  constructor(readonly page: Page) {}

  get sideNav(): Locator {
    return this.page.getByTestId('side-nav');
  }

  get accountMenuButton(): Locator {
    return this.page.getByRole('button', { name: /Account menu|Menu du compte|账户菜单|アカウントメニュー/ });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  async expectSignedInAt(path: string): Promise<void> {
    await expect(this.page, `the console shows ${path}`).toHaveURL((url) => url.pathname === path);
    await expect(this.accountMenuButton, 'the header shows the account menu').toBeVisible();
  }

  async openAccountMenu(): Promise<void> {
    await this.accountMenuButton.click();
    await expect(this.page.getByRole('menu'), 'the account menu opens').toBeVisible();
  }

  async signOut(): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(this.page, 'signing out ends on the sign-in page').toHaveURL(/\/auth\/login/);
    // The router changes the address at once and shows the page once its code is in (a transition).
    await expect(this.page.getByRole('heading', { name: 'Sign in to Terrace' }), 'the sign-in page shows').toBeVisible();
    // A sign-out that reloads paints the page's prerendered copy first; the sign-out is complete
    // once React's own sign-in page has replaced it (it forgets the sign-out target then).
    await expect(this.page.locator('[data-first-paint]'), 'the sign-in page is the live one').toHaveCount(0);
  }

  async openLanguageMenu(): Promise<void> {
    await this.page.getByRole('button', { name: /Language and layout|Langue et mise en page|语言和布局|言語とレイアウト/ }).click();
  }

  async switchOrganizationTo(name: string): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Switch organization' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Switch organization' });
    await expect(dialog, 'the organization switcher opens').toBeVisible();
    await dialog.getByRole('combobox', { name: 'Organization' }).click();
    await this.page.getByRole('option', { name }).click();
    await dialog.getByRole('button', { name: 'Switch' }).click();
  }
}

/** Starts a browser session with a token the API issued, as a returning user would have. */
export async function useStoredSession(page: Page, token: string, settings?: Record<string, unknown>): Promise<void> {
  await page.goto('/auth/login');
  await page.evaluate(
    ([t, s]) => {
      localStorage.setItem('auth_token', t as string);
      if (s) localStorage.setItem('localSettings', JSON.stringify(s));
    },
    [token, settings ?? null] as const,
  );
}
