import { expect, type Locator, type Page } from 'playwright/test';

/** The Control Policies list and where a policy applies (its mappings dialog). */
export class PolicyPages {
  constructor(readonly page: Page) {}

  /** Opens the list filtered on a policy type, then the dialog of where `name` applies. */
  async openWhereItApplies(name: string, typeLabel: string): Promise<Locator> {
    await this.page.goto('/app/controlPolicies');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Control policies' })).toBeVisible();
    await this.page.getByRole('combobox', { name: 'Type' }).click();
    await this.page.getByRole('option', { name: typeLabel, exact: true }).click();
    await this.page.getByRole('button', { name: `Where ${name} applies` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Where ${name} applies` });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** The form of a mapping (new or changed), at one enforcement level for every policy. */
  async chooseLevel(form: Locator, level: 'Warning' | 'Soft mandatory' | 'Hard mandatory'): Promise<void> {
    await form.getByRole('combobox', { name: /Enforcement level/ }).click();
    await this.page.getByRole('option', { name: level, exact: true }).click();
  }

  mappings(dialog: Locator): Locator {
    return dialog.getByRole('table', { name: 'Where it applies' });
  }
}
