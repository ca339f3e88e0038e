import type { Page } from 'playwright/test';
import { AuthPages } from './pages/auth-pages';
import { signUpAccount } from './support/api';
import { baseUrl, expect, test } from './support/test';

/** Every script file of the console (the page's inline settings script still runs). */
async function blockConsoleScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/[^/]*\.js$/, (route) => route.abort());
}

async function storeSettings(
  page: Page,
  settings: { theme: string; direction: string; locale: string },
): Promise<void> {
  await page.addInitScript((stored) => {
    localStorage.setItem('localSettings', JSON.stringify(stored));
    localStorage.setItem('theme', stored.theme);
  }, settings);
}

test.describe('first paint before the scripts run', () => {
  test('the sign-in page is painted from its HTML, then replaced by the same page that works', async ({
    page,
  }) => {
    await blockConsoleScripts(page);
    await page.goto('/auth/login');
    const prerendered = page.locator('[data-first-paint]');
    await expect(
      prerendered.getByRole('heading', { name: 'Sign in to Terrace' }),
      'the page is there without JavaScript',
    ).toBeVisible();
    await expect(
      page.locator('[data-first-paint-loader]'),
      'the loader stays hidden behind it',
    ).toBeHidden();
    await expect(page.locator('html'), 'the default theme is light').not.toHaveClass(/\bdark\b/);
    const box = await prerendered
      .getByRole('heading', { name: 'Sign in to Terrace' })
      .boundingBox();

    await page.unrouteAll();
    await page.reload();
    const heading = page.getByRole('heading', { name: 'Sign in to Terrace' });
    await expect(prerendered, 'React replaced the prerendered markup').toHaveCount(0);
    await expect(heading).toBeVisible();
    expect(await heading.boundingBox(), 'the heading did not move').toEqual(box);
    const email = page.getByLabel('E-mail');
    await email.fill('someone@example.com');
    await expect(email, 'the form React drew takes input').toHaveValue('someone@example.com');
  });

  test('a French, right-to-left, dark user sees no English, left-to-right or light paint', async ({
    page,
  }) => {
    await storeSettings(page, { theme: 'dark', direction: 'rtl', locale: 'fr' });
    await blockConsoleScripts(page);
    await page.goto('/auth/login');
    const html = page.locator('html');
    await expect(html, 'dark before any console script').toHaveClass(/\bdark\b/);
    await expect(html, 'right to left before any console script').toHaveAttribute('dir', 'rtl');
    await expect(html, 'French before any console script').toHaveAttribute('lang', 'fr-FR');
    await expect(page.locator('[data-first-paint]'), 'the English page is not shown').toBeHidden();
    await expect(page.locator('[data-first-paint-loader]'), 'the loader is').toBeVisible();
    const background = await page
      .locator('[data-first-paint-loader]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const lightness =
      background
        .match(/\d+(\.\d+)?/g)
        ?.slice(0, 3)
        .map(Number) ?? [];
    expect(Math.max(...lightness), `the loader's background is dark (${background})`).toBeLessThan(
      80,
    );

    await page.unrouteAll();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Connexion à Terrace' }),
      'React draws the page in French',
    ).toBeVisible();
    await expect(html).toHaveAttribute('dir', 'rtl');
  });

  test('the prerendered page requests its scripts only once it has painted', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(
      page.locator('[data-first-paint]'),
      'React replaced the prerendered markup',
    ).toHaveCount(0);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]*\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(paint, 'the page painted').toBeDefined();
    expect(scripts.length, 'the console loaded its scripts').toBeGreaterThan(1);
    // Ordering, not duration: no script of the console was requested before the page was painted.
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint ?? Number.POSITIVE_INFINITY);
  });

  test('a sign-in address with a query shows the loader, not the prerendered text', async ({
    page,
  }) => {
    await blockConsoleScripts(page);
    await page.goto('/auth/login?redirect=%2Fapp%2Fnamespaces');
    await expect(page.locator('[data-first-paint]')).toBeHidden();
    await expect(page.locator('[data-first-paint-loader]')).toBeVisible();
  });

  test.describe('a signed-in page', () => {
    /** Signs a new organization's admin in through the form, which stores the session as users have it. */
    async function signedInAdmin(page: Page): Promise<void> {
      const account = await signUpAccount(baseUrl(), 'First Paint Frame');
      const auth = new AuthPages(page);
      await auth.openLogin();
      await auth.signIn(account.email, account.password);
      await page.waitForURL(/\/app\//);
    }

    test("is painted from its HTML as the frame with the page's heading, before any script", async ({
      page,
    }) => {
      await signedInAdmin(page);
      await blockConsoleScripts(page);
      await page.goto('/app/namespaces');
      const frame = page.locator('[data-first-paint]');
      await expect(frame.getByRole('heading', { name: 'Namespaces' })).toBeVisible();
      await expect(frame.getByText('Namespaces group stacks and hold the defaults')).toBeVisible();
      await expect(page.locator('[data-first-paint-loader]')).toBeHidden();
      await expect(frame.locator('header'), 'the header bar').toBeVisible();
      const slot = (name: string) =>
        frame
          .locator(`[data-reminder-slot=${name}]`)
          .evaluate((el) => getComputedStyle(el).display);
      expect(await slot('sso'), 'room kept for the SSO reminder an admin sees').toBe('block');
      expect(await slot('mfa'), 'none for the MFA reminder, which is not expected').toBe('none');
      await expect(frame.getByText('No namespaces yet'), 'nothing of the page itself').toHaveCount(
        0,
      );
    });

    test('gets the same frame from React while the session loads, the page only once its access is known, and nothing moves', async ({
      page,
    }) => {
      await signedInAdmin(page);
      await page.addInitScript(() => {
        const shifts = { total: 0 };
        (window as unknown as { layoutShift: typeof shifts }).layoutShift = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[])
            if (!entry.hadRecentInput) shifts.total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The session's role answers only when the test says so.
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/iam/org/userOrgRole', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/app/namespaces');
      const heading = page.getByRole('heading', { name: 'Namespaces', exact: true });
      await expect(heading).toBeVisible();
      // React may replace the prerendered heading at this very moment (its box is then null for
      // an instant): measure the heading that is shown.
      let painted: Awaited<ReturnType<typeof heading.boundingBox>> = null;
      await expect
        .poll(async () => (painted = await heading.boundingBox()), { message: 'the heading is laid out' })
        .not.toBeNull();
      await expect(
        page.locator('[data-first-paint]'),
        'React replaced the prerendered frame',
      ).toHaveCount(0);
      await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
      expect(await heading.boundingBox(), 'React drew the heading where the HTML had').toEqual(
        painted,
      );
      await expect(
        page.getByText('No namespaces yet'),
        'the page waits for its access',
      ).toHaveCount(0);
      await expect(
        page.getByRole('toolbar', { name: 'Console tools' }),
        'the tools wait for the session',
      ).toHaveCount(0);

      answer();
      await expect(page.getByText('No namespaces yet')).toBeVisible();
      await expect(
        page.getByTestId('sso-banner'),
        'the reminder, in the room kept for it',
      ).toBeVisible();
      await expect(page.getByRole('toolbar', { name: 'Console tools' })).toBeVisible();
      await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy');
      expect(await heading.boundingBox(), 'the heading did not move').toEqual(painted);
      expect(
        await page.evaluate(
          () => (window as unknown as { layoutShift: { total: number } }).layoutShift.total,
        ),
      ).toBe(0);
    });

    test('shows the loader, not the frame, without a stored session', async ({ page }) => {
      await blockConsoleScripts(page);
      await page.goto('/app/namespaces');
      await expect(page.locator('[data-first-paint]')).toBeHidden();
      await expect(page.locator('[data-first-paint-loader]')).toBeVisible();
    });
  });
});
