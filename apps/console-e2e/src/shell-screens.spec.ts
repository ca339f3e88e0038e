import { signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

const dir = `${import.meta.dirname}/../../../tmp/e2e-artifacts/shell-screens`;

/**
 * The shell at a phone's width (390 px) and on a desktop, light and dark, ltr and rtl, in the
 * languages with the longest labels: screenshots to look at, and the layout rules a screenshot
 * shows (nothing of the header cut off, the SSO banner's buttons inside it).
 */
const variants = [
  { theme: 'light', direction: 'ltr', locale: 'fr' },
  { theme: 'dark', direction: 'ltr', locale: 'ja' },
  { theme: 'light', direction: 'rtl', locale: 'en' },
  { theme: 'dark', direction: 'rtl', locale: 'zh' },
] as const;

for (const { theme, direction, locale } of variants) {
  for (const width of [390, 1440]) {
    test(`${width} px, ${theme}, ${direction}, ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const account = await signUpAccount(baseUrl(), `Ateliers de la Réserve Hôtelière ${locale}`);
      const settings = { theme, direction, locale, navigationType: 'SIDE', topNavColor: '#3e82f7' };
      await useStoredSession(page, account.token, settings);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      const name = `${width}-${theme}-${direction}-${locale}`;
      await page.goto('/app/dashboard');
      const header = page.locator('header').first();
      await expect(header).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/${name}-dashboard.png` });

      // Nothing of the header lies outside the window: the account menu (avatar) is whole.
      const account_ = page.getByRole('button', { name: /Account menu|Menu du compte|账户菜单|アカウントメニュー/ });
      const box = await account_.boundingBox();
      if (!box) throw new Error('the account menu shows');
      expect(box.x, 'the account menu starts inside the window').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'the account menu ends inside the window').toBeLessThanOrEqual(width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
      // Every button of the reminder banners lies inside the window (a new admin is reminded of SSO).
      await expect(page.getByTestId('sso-banner'), 'the SSO reminder shows to a new admin').toBeVisible();
      const bannerButtons = await page.locator('[data-testid$="-banner"] button, [data-testid$="-banner"] a').all();
      expect(bannerButtons.length, 'the SSO reminder has its buttons').toBeGreaterThan(0);
      for (const button of bannerButtons) {
        const b = await button.boundingBox();
        if (!b) throw new Error('a banner button is laid out');
        expect(b.x, 'a banner button starts inside the window').toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, 'a banner button ends inside the window').toBeLessThanOrEqual(width + 0.5);
      }

      if (direction === 'rtl' && locale === 'en') {
        // English in an rtl layout: the full stop stays at the end (right) of its sentence (on a
        // page not built yet, whose card is one English sentence).
        await page.goto('/app/tfRegistry');
        const sentence = page.getByText(/everything you can already use is in the navigation\.$/);
        const ends = await sentence.evaluate((p) => {
          const node = p.firstChild as Text;
          const range = document.createRange();
          const at = (i: number) => {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect().left;
          };
          return { first: at(0), stop: at(node.length - 1) };
        });
        expect(ends.stop, 'the full stop is right of the first letter').toBeGreaterThan(ends.first);
        await page.goto('/app/dashboard');
        await expect(header).toBeVisible();
      }

      await page.getByTestId('notifications-button').click();
      await expect(page.getByTestId('notifications-list').locator('li').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-notifications.png` });
      await page.keyboard.press('Escape');

      if (width > 1000) {
        // The end of the side navigation: Terraform Explorer with its Private Registry, the assistant entry.
        await page.goto('/app/tfRegistry?tab=providers');
        const content = page.locator('[data-slot="side-nav-content"]');
        await expect(content.getByRole('group', { name: /Private Registry|Registre privé|私有注册表|プライベートレジストリ/ })).toBeVisible();
        await content.evaluate((el) => (el.scrollTop = el.scrollHeight));
        await page.getByTestId('side-nav').screenshot({ path: `${dir}/${name}-side-nav-end.png` });
      }

      // The users' table (the account's own row) is wider than a phone: it scrolls in its box, and
      // nothing of it (a screen-reader-only header among them) widens the page.
      for (const path of ['/app/tfRegistry', '/app/user/setting', '/app/organization/setting?id=ai-features', '/app/createNamespaceWizard', '/app/organization/setting?id=user-list']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${dir}/${name}${path.replace(/[/?=]/g, '-')}.png`, fullPage: true });
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, `${path} does not scroll sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
}
