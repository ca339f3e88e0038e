import { expect, type Locator, type Page } from 'playwright/test';

/** The Drift Center and the stack page's drift tab. */
export class DriftPages {
  constructor(readonly page: Page) {}

  async openCenter(query = ''): Promise<void> {
    await this.page.goto(`/app/driftCenter${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Drift Center' }), 'the Drift Center opens').toBeVisible();
  }

  async openStackTab(stackId: string): Promise<void> {
    await this.page.goto(`/app/stack/${stackId}?tab=drift`);
    await expect(this.page.getByRole('tab', { name: 'Drift', selected: true }), 'the stack page opens on its drift tab').toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Stacks by drift state' });
  }

  get summary(): Locator {
    return this.page.getByRole('region', { name: 'Count of stacks per drift state' });
  }

  row(stackName: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: stackName, exact: true }) });
  }

  /** A state's figure: its label and the number of stacks in it. */
  figure(stateLabel: string): Locator {
    return this.summary.getByRole('button', { name: new RegExp(`^${stateLabel}\\s*\\d+$`) });
  }
}
