import { test as base, expect } from 'playwright/test';
import { AuthPages } from '../pages/auth-pages';
import { Shell } from '../pages/shell';

/** Page objects per area, created per test. */
export const test = base.extend<{ auth: AuthPages; shell: Shell }>({
  auth: async ({ page }, use) => use(new AuthPages(page)),
  shell: async ({ page }, use) => use(new Shell(page)),
});

export { expect };

export function baseUrl(): string {
  const url = process.env['CONSOLE_E2E_BASE_URL'];
  if (!url) throw new Error('CONSOLE_E2E_BASE_URL is not set: the global setup starts the server');
  return url;
}
