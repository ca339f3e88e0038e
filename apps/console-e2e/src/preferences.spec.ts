import { signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

test.describe('language, theme and direction', () => {
  test('switches theme, direction and language, and keeps them after a reload', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Preferences Ltd');
    await useStoredSession(page, account.token);
    await page.goto('/app/dashboard');
    await shell.expectSignedInAt('/app/dashboard');

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html'), 'dark mode sets the dark class').toHaveClass(/\bdark\b/);
    await expectNoAxeViolations(page, 'the dashboard in dark mode');

    await shell.openLanguageMenu();
    await page.getByRole('menuitemradio', { name: 'Right to left' }).click();
    await expect(page.locator('html'), 'rtl applies to the document').toHaveAttribute('dir', 'rtl');
    await expect(page.locator('body'), "the body carries the classes 'dir' and the direction").toHaveClass(/\bdir\b.*\brtl\b|\brtl\b.*\bdir\b/);

    await shell.openLanguageMenu();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.locator('html'), 'the document language follows').toHaveAttribute('lang', 'fr-FR');
    await expect(page.getByRole('button', { name: 'Passer en mode clair' }), 'the header speaks French').toBeVisible();
    await expectNoAxeViolations(page, 'the dashboard in French, rtl, dark');

    await page.reload();
    await expect(page.locator('html'), 'the theme survives a reload').toHaveClass(/\bdark\b/);
    await expect(page.locator('html'), 'the direction survives a reload').toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html'), 'the language survives a reload').toHaveAttribute('lang', 'fr-FR');
    const stored = await page.evaluate(() => ({ theme: localStorage.getItem('theme'), settings: localStorage.getItem('localSettings') }));
    expect(stored.theme, 'the theme is kept under its own key').toBe('dark');
    expect(JSON.parse(stored.settings ?? '{}'), 'one local-settings key holds the rest').toMatchObject({ direction: 'rtl', locale: 'fr' });

    for (const [label, lang, name] of [
      ['日本語', 'ja-JP', 'ライトモードに切り替え'],
      ['中文', 'zh', '切换到浅色模式'],
    ] as const) {
      await shell.openLanguageMenu();
      await page.getByRole('menuitemradio', { name: label }).click();
      await expect(page.locator('html'), `${label} sets the document language`).toHaveAttribute('lang', lang);
      await expect(page.getByRole('button', { name }), `the header speaks ${label}`).toBeVisible();
    }
  });

  test('in right to left, a French sentence keeps its period at its end and a cut label keeps its start', async ({ page }) => {
    const account = await signUpAccount(baseUrl(), 'Direction Ltd');
    await useStoredSession(page, account.token, { locale: 'fr', direction: 'rtl' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/app/createControlPolicyWizard');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // A policy type's description: a span laid out as a block under its label.
    const description = page.locator('[role="radiogroup"] [id$="-help"]').first();
    await expect(description).toHaveText(/\.$/);
    const ends = await description.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let last: Text | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
      const text = last as Text;
      const rectOf = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect();
      };
      const length = text.data.trimEnd().length;
      return { period: rectOf(length - 1).left, letter: rectOf(length - 2).left };
    });
    expect(ends.period, 'the period follows the last word (to its right), not before the sentence').toBeGreaterThan(ends.letter);

    // A navigation label too long for the side navigation: cut at its end, its first letters shown.
    const label = page.getByRole('navigation').getByText('Espaces de noms et stacks', { exact: true });
    const cut = await label.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const text = walker.nextNode() as Text;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      return { overflows: element.scrollWidth > element.clientWidth, box: element.getBoundingClientRect().left, first: range.getBoundingClientRect().left };
    });
    expect(cut.overflows, 'the label is longer than its place (else this test shows nothing)').toBe(true);
    expect(cut.first, 'the first letter is inside the label, not cut off').toBeGreaterThanOrEqual(cut.box - 1);
  });
});
