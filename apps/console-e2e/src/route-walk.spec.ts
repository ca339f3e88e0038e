import { callApi, signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { axeFindings, everyAppPath, latinOnlyLines, settingsSectionPaths, pageTexts, settle, untranslatedMatchers, type WalkLocale } from './support/route-walk';
import { baseUrl, expect, test } from './support/test';

/**
 * Every route of the spec (§2.2) in Chromium, in each language and direction: axe with WCAG 2
 * A/AA and best practices (heading order among them), English left untranslated in the texts
 * and the labels assistive technology reads (aria-label, title, placeholder, alt, toasts), and
 * messages Lingui reports as missing from the compiled catalog at run time.
 */
const walks: { locale: 'en' | WalkLocale; direction: 'ltr' | 'rtl' }[] = [
  { locale: 'en', direction: 'ltr' },
  { locale: 'zh', direction: 'rtl' },
  { locale: 'fr', direction: 'ltr' },
  { locale: 'ja', direction: 'rtl' },
];

for (const { locale, direction } of walks) {
  test(`every route in ${locale}, ${direction}`, async ({ page }) => {
    test.setTimeout(15 * 60_000);
    const account = await signUpAccount(baseUrl(), `Walk ${locale} ${direction}`);
    // Real records, so their detail pages and wizards show content, not only their not-found state.
    const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: account.token, entity: { name: 'payments' } });
    const [team] = await callApi<{ id: string }>(baseUrl(), 'POST', '/iam/org/team', { token: account.token, entity: { name: 'Platform' } });
    const ids = { namespaceId: namespace?.id ?? '', teamId: team?.id ?? '' };
    // A self-hosted runner group with a token and a runner, so its section shows them.
    const [runnerGroup] = await callApi<{ id: string }>(baseUrl(), 'POST', '/org/runnerGroup', { token: account.token, entity: { name: 'build-farm', maxConcurrency: 2 } });
    const [registration] = await callApi<{ token: string }>(baseUrl(), 'POST', `/org/runnerGroup/${runnerGroup?.id}/token`, { token: account.token, entity: { name: 'ci-pool' } });
    await callApi(baseUrl(), 'POST', '/runner/register', { entity: { runnerGroupToken: registration?.token, name: 'build-01', version: '1.4.0' } });
    const userData = [account.firstName, account.lastName, account.email, account.organizationName, 'payments', 'Platform', 'build-farm', 'ci-pool', 'build-01'];
    const runtime: string[] = [];
    page.on('console', (message) => {
      if (/uncompiled message|missing message|not compiled/i.test(message.text())) runtime.push(message.text());
    });
    await useStoredSession(page, account.token, { locale, direction });
    const matchers = locale === 'en' ? [] : untranslatedMatchers(locale);
    const findings: string[] = [];

    const inspect = async (where: string) => {
      for (const finding of await axeFindings(page)) findings.push(`${where}: axe ${finding}`);
      if (locale === 'en') return;
      const texts = await pageTexts(page);
      for (const text of texts) {
        const hit = matchers.find((m) => m.test(text));
        if (hit) findings.push(`${where}: untranslated ${JSON.stringify(text)}`);
      }
      if (locale === 'zh' || locale === 'ja') {
        for (const line of latinOnlyLines(texts, userData)) {
          if (!matchers.some((m) => m.test(line))) findings.push(`${where}: English ${JSON.stringify(line)}`);
        }
      }
    };

    const paths = [
      ...everyAppPath(),
      ...everyAppPath(ids).filter((p) => Object.values(ids).some((id) => p.includes(id))),
      ...settingsSectionPaths({ runnerGroupId: runnerGroup?.id ?? '' }),
    ];
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      await inspect(path);
    }

    // What a route does not show by itself: the notifications feed and a toast.
    await page.goto('/app/dashboard');
    await settle(page);
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-list')).toBeVisible();
    await expect(page.getByTestId('notifications-list').locator('li').first()).toBeVisible();
    await inspect('notifications');
    await page.keyboard.press('Escape');
    await page.goto('/app/namespace/ns-0000missing');
    await expect(page.locator('[data-sonner-toast]').first(), 'the 404 toast shows').toBeVisible();
    await inspect('toast');

    for (const text of new Set(runtime)) findings.push(`run time: ${text.split('\n').slice(0, 3).join(' ')}`);
    expect([...new Set(findings)], `the walk in ${locale}, ${direction}`).toEqual([]);
  });
}
