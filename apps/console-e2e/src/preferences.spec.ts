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
});
