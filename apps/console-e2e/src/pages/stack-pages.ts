import { expect, type Locator, type Page } from 'playwright/test';

/** The dashboard's getting-started card, the stack wizard and the stack page. */
export class StackPages {
  constructor(readonly page: Page) {}

  get gettingStarted(): Locator {
    return this.page.getByRole('region', { name: 'Get started' });
  }

  async expectStepsDone(done: number): Promise<void> {
    await expect(this.gettingStarted.getByText(`${done} of 4 done`), `${done} getting-started steps are checked off`).toBeVisible();
  }

  step(id: 'vcs' | 'namespace' | 'stack' | 'plan'): Locator {
    return this.gettingStarted.locator(`[data-step="${id}"]`);
  }

  /** Picks an option of the select labelled `label` (Radix select: a combobox and a listbox). */
  async choose(scope: Locator | Page, label: string | RegExp, option: string): Promise<void> {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The code step: provider → repository → branch, then down the folders of the real repository. */
  async browseCode(provider: string, repository: string, branch: string, folders: string[]): Promise<void> {
    await this.choose(this.page, /^VCS provider/, provider);
    await this.choose(this.page, /^Repository/, repository);
    await this.choose(this.page, /^Branch/, branch);
    for (const [i, folder] of folders.entries()) {
      const list = this.page.getByRole('navigation', { name: `Folders of ${i === 0 ? '/' : folders.slice(0, i).join('/')}` });
      await list.getByRole('button', { name: folder, exact: true }).click();
    }
    await expect(this.page.getByRole('textbox', { name: /^Path/ }), 'the path follows the folders browsed').toHaveValue(folders.join('/'));
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next' }).click();
  }
}
