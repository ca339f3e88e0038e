import { expect, type Locator, type Page } from 'playwright/test';

/** A run's page (plan, deployment, task) and the Active Runs page. */
export class RunPages {
  constructor(readonly page: Page) {}

  /** The run's status in the page header. */
  get status(): Locator {
    return this.page.locator('[data-slot="page-header"] [data-slot="status-badge"]');
  }

  get waiting(): Locator {
    return this.page.getByRole('status').filter({ hasText: /Waiting/ });
  }

  get logState(): Locator {
    return this.page.locator('[data-slot="log-panel"] [role="status"]');
  }

  async openRun(kind: 'plan' | 'deployment' | 'task', id: string): Promise<void> {
    await this.page.goto(`/app/${kind}/${id}`);
    await expect(this.page.getByRole('heading', { level: 1 }), `the ${kind} page opens`).toBeVisible();
  }

  /** Clicks an action once the session allows it, and confirms it in its dialog. */
  async act(action: string, confirm: string): Promise<void> {
    const button = this.page.getByRole('button', { name: action, exact: true });
    await expect(button, `${action} is offered and allowed`).toBeEnabled();
    await button.click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: confirm }).click();
  }

  runsTable(name: string): Locator {
    return this.page.getByRole('table', { name });
  }
}
