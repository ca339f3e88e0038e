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

  /** The log's lines as the page shows them (the log viewer follows the end of the log). */
  get log(): Locator {
    return this.page.locator('[data-slot="log-panel"]');
  }

  /**
   * Waits, without reloading, for the header's status to become `status` (the run's event stream
   * moves it): a runner executes the run meanwhile, so this may take a while on a loaded machine.
   */
  async expectStatusLive(status: string, timeout = 90_000): Promise<void> {
    await expect(this.status, `the run becomes ${status} on the open page`).toHaveAttribute('data-status', status, { timeout });
  }

  async openRun(kind: 'plan' | 'deployment' | 'task', id: string): Promise<void> {
    await this.page.goto(`/app/${kind}/${id}`);
    await expect(this.page.getByRole('heading', { level: 1 }), `the ${kind} page opens`).toBeVisible();
  }

  /** Clicks an action once the session allows it (in `scope`: the header and a tab may both offer it), and confirms it in its dialog. */
  async act(action: string, confirm: string, scope: Locator | Page = this.page): Promise<void> {
    const button = scope.getByRole('button', { name: action, exact: true });
    await expect(button, `${action} is offered and allowed`).toBeEnabled();
    await button.click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: confirm }).click();
  }

  /** The run page's control policies tab, opened. */
  async openPolicies(): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Control policies' }).click();
    return this.page.getByRole('tabpanel', { name: 'Control policies' });
  }

  runsTable(name: string): Locator {
    return this.page.getByRole('table', { name });
  }
}
