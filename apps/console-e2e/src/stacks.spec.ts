import { callApi, createUserFromInvite, inviteUser, signUpAccount, uniqueEmail, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { setStackState, tokenInLatestMailTo } from './support/database';
import { connectGitHub, gitHosts } from './support/git-hosts';
import { StackPages } from './pages/stack-pages';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

// The stacks journey on real git: the VCS provider is the loopback GitHub stand-in listing a real
// repository served by git's HTTP backend (support/global-setup.ts), which the wizard browses.

const shots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

async function createNamespace(account: Account, name: string): Promise<string> {
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: account.token, entity: { name } });
  if (!namespace) throw new Error('Creating a namespace answered no item');
  return namespace.id;
}

test.describe('stacks on a real repository', () => {
  test('an admin connects GitHub, creates a stack browsing the repository, edits, moves and deletes it; the dashboard ticks along', async ({ page, shell }) => {
    test.setTimeout(180_000);
    const hosts = gitHosts();
    const admin = await signUpAccount(baseUrl(), 'Stacks Journey');
    const stacks = new StackPages(page);
    await useStoredSession(page, admin.token);
    await page.goto('/app/dashboard');
    await shell.expectSignedInAt('/app/dashboard');
    await stacks.expectStepsDone(0);
    await expectNoAxeViolations(page, 'the dashboard of a new organization');
    await page.screenshot({ path: `${shots}/dashboard-new-organization.png`, fullPage: true });

    // Step 1, from the dashboard: connect the GitHub organization.
    await stacks.step('vcs').getByRole('link', { name: /Connect provider/ }).click();
    await expect(page, 'the step leads to the VCS providers settings').toHaveURL(/\/app\/organization\/setting\?id=vcs-providers/);
    await page.getByRole('button', { name: 'Connect provider' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Acme GitHub');
    await dialog.getByRole('textbox', { name: /GitHub organization/ }).fill(hosts.githubOrg);
    await dialog.getByLabel(/Access token/).fill(hosts.token);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByText('The connection works.'), 'the stand-in accepts the token').toBeVisible();
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(shell.toast('Acme GitHub connected.')).toBeVisible();

    await page.goto('/app/dashboard');
    await stacks.expectStepsDone(1);
    await expect(stacks.step('vcs'), 'the provider step is done').toHaveAttribute('data-done', 'true');

    // Step 2: two namespaces (the stack moves from one to the other later).
    await createNamespace(admin, 'platform');
    await createNamespace(admin, 'shared-services');
    await page.reload();
    await stacks.expectStepsDone(2);

    // Step 3, from the dashboard: the wizard browses the repository's providers, branches and folders.
    await stacks.step('stack').getByRole('link', { name: /Create stack/ }).click();
    await expect(page).toHaveURL(/\/app\/createStackWizard/);
    await page.getByRole('textbox', { name: /^Name/ }).fill('network');
    await stacks.choose(page, /^Namespace/, 'platform');
    await stacks.next();
    await stacks.browseCode('Acme GitHub', hosts.repository, 'main', ['envs', 'prod']);
    await expectNoAxeViolations(page, 'the code step of the stack wizard');
    await stacks.next();
    await stacks.next();
    await stacks.next();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/stack') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create stack' }).click();
    expect((await created).status(), 'the server created the stack').toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'network' }), 'the new stack opens').toBeVisible();
    const stackId = page.url().match(/\/app\/stack\/(stk-[a-z0-9]+)/)?.[1];
    expect(stackId, 'the stack page has the stack id').toBeTruthy();
    const [stored] = await callApi<{ data: { vcsInfo: Record<string, string> } }>(baseUrl(), 'GET', `/stack/${stackId}`, { token: admin.token });
    expect(stored?.data.vcsInfo, 'the code location browsed is stored').toMatchObject({ repoName: hosts.repository, branch: 'main', path: 'envs/prod' });

    // The variables its code declares, read by the server from the real repository with
    // HashiCorp's parser, added from the stack's variables tab.
    await page.getByRole('tab', { name: 'Variables' }).click();
    await page.getByRole('button', { name: 'Scan from code' }).click();
    const scan = page.getByRole('dialog', { name: 'Variables declared in the code' });
    const declared = scan.getByRole('table', { name: 'Variables declared in the code' });
    for (const key of ['db_password', 'instance_count', 'region']) {
      await expect(declared.getByRole('checkbox', { name: `Add ${key}` }), `the code declares ${key}`).toBeChecked();
    }
    await expect(declared.getByRole('row', { name: /db_password/ }), 'a sensitive variable without a default says so').toContainText('Sensitive');
    await expectNoAxeViolations(page, 'the variables scanned from code');
    await scan.getByRole('button', { name: 'Add 3 variables' }).click();
    await expect(shell.toast('3 variables added.')).toBeVisible();
    const added = await callApi<{ key: string }>(baseUrl(), 'GET', `/variable?stackId=${stackId}`, { token: admin.token });
    expect(added.map((v) => v.key).sort(), 'the stack has the variables of its code').toEqual(['db_password', 'instance_count', 'region']);

    await page.goto('/app/dashboard');
    await stacks.expectStepsDone(3);
    await expect(stacks.step('plan').getByRole('link', { name: /Open the stack/ }), 'the last step opens the stack to plan').toHaveAttribute('href', `/app/stack/${stackId}`);
    await page.screenshot({ path: `${shots}/dashboard-three-steps.png`, fullPage: true });

    // Edit it.
    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: /^Description/ }).fill('The shared VPC');
    for (let i = 0; i < 4; i++) await stacks.next();
    await page.getByRole('button', { name: 'Save stack' }).click();
    await expect(page.getByText('The shared VPC'), 'the stack page shows the new description').toBeVisible();

    // Move it to the other namespace, behind the typed phrase.
    await page.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog');
    await stacks.choose(move, /^Namespace/, 'shared-services');
    await move.getByRole('button', { name: 'Move stacks' }).click();
    await expect(move.getByText('Type “move stacks” to confirm.'), 'the phrase is required').toBeVisible();
    await move.getByRole('textbox', { name: /Type “move stacks” to confirm/ }).fill('move stacks');
    await move.getByRole('button', { name: 'Move stacks' }).click();
    await expect(shell.toast('Stacks moved.')).toBeVisible();
    const [moved] = await callApi<{ namespaceName: string }>(baseUrl(), 'GET', `/stack/${stackId}`, { token: admin.token });
    expect(moved?.namespaceName, 'the stack now lives in the other namespace').toBe('shared-services');

    // Step 4: its first plan (through the API: the runs pages are not in the console yet). The
    // dashboard counts it from the stack row the runs domain keeps, and the steps give way.
    const [plan] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack/plan', { token: admin.token, entity: { stackId } });
    await page.goto('/app/dashboard');
    await expect(page.getByText('Active runs', { exact: true }).locator('..'), 'the queued plan is an active run').toContainText('1');
    await expect(stacks.gettingStarted, 'every step is done: the steps give way to the overview').toHaveCount(0);
    // A queued plan keeps the stack busy: cancel it before deleting.
    await callApi(baseUrl(), 'PUT', `/stack/plan/cancel?planId=${plan?.id ?? ''}`, { token: admin.token });

    // Delete it, behind 'delete me'.
    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('button', { name: 'Delete stack' })).toBeDisabled();
    await confirm.getByRole('textbox').fill('delete me');
    await confirm.getByRole('button', { name: 'Delete stack' }).click();
    await expect(shell.toast('Stack network deleted.')).toBeVisible();
    await expect(page, 'the deleted stack leaves for its namespace').toHaveURL(/\/app\/namespace\/ns-/);
  });

  test('a namespace-only user creates and moves a stack only among the namespaces granted to them', async ({ page, shell }) => {
    test.setTimeout(120_000);
    const hosts = gitHosts();
    const admin = await signUpAccount(baseUrl(), 'Stacks Namespace Only');
    await connectGitHub(admin);
    const mine = await createNamespace(admin, 'team-a');
    const alsoMine = await createNamespace(admin, 'team-a-staging');
    const theirs = await createNamespace(admin, 'team-b');
    const [hidden] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', { token: admin.token, entity: { stack: { name: 'payments', namespaceId: theirs, iacType: 'terraform' } } });
    const email = uniqueEmail('ns-operator');
    await inviteUser(baseUrl(), admin, email, 'ns-operator');
    const operator = await createUserFromInvite(baseUrl(), await tokenInLatestMailTo(email), admin, email);
    for (const namespaceId of [mine, alsoMine]) {
      await callApi(baseUrl(), 'POST', '/iam/org/namespacePermission', { token: admin.token, entity: { namespaceId, userEmail: operator.email, role: 'admin' } });
    }

    const stacks = new StackPages(page);
    await useStoredSession(page, operator.token);
    await page.goto('/app/createStackWizard');
    await page.getByRole('textbox', { name: /^Name/ }).fill('team-network');
    await page.getByRole('combobox', { name: /^Namespace/ }).click();
    await expect(page.getByRole('option'), 'only the granted namespaces are offered').toHaveText(['team-a', 'team-a-staging']);
    await page.getByRole('option', { name: 'team-a', exact: true }).click();
    await stacks.next();
    await stacks.browseCode('Acme GitHub', hosts.repository, 'main', ['envs', 'staging']);
    for (let i = 0; i < 3; i++) await stacks.next();
    await page.getByRole('button', { name: 'Create stack' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'team-network' }), 'they create a stack in their namespace').toBeVisible();
    const stackId = page.url().match(/\/app\/stack\/(stk-[a-z0-9]+)/)?.[1] ?? '';

    await page.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog');
    await move.getByRole('combobox', { name: /^Namespace/ }).click();
    await expect(page.getByRole('option'), 'they can move it only to their other namespace').toHaveText(['team-a-staging']);
    await page.getByRole('option', { name: 'team-a-staging' }).click();
    await move.getByRole('textbox', { name: /Type “move stacks” to confirm/ }).fill('move stacks');
    await move.getByRole('button', { name: 'Move stacks' }).click();
    await expect(shell.toast('Stacks moved.')).toBeVisible();

    // The other team's stack and namespace stay out of reach.
    await page.goto('/app/namespaces');
    const table = page.getByRole('table', { name: 'Namespaces' });
    await expect(table.getByRole('link', { name: 'team-a', exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: 'team-b' }), "the other team's namespace is not listed").toHaveCount(0);
    await page.goto(`/app/stack/${hidden?.id ?? ''}`);
    await expect(page.getByRole('heading', { level: 1, name: 'payments' }), "the other team's stack does not open").toHaveCount(0);
    await expect(page.getByText(/Not Found|not authorized/i).first(), 'the page says it cannot be shown').toBeVisible();
    await expectNoAxeViolations(page, 'a stack out of reach');

    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('textbox').fill('delete me');
    await confirm.getByRole('button', { name: 'Delete stack' }).click();
    await expect(shell.toast('Stack team-network deleted.')).toBeVisible();
  });

  const variants = [
    { theme: 'light', direction: 'ltr', locale: 'en' },
    { theme: 'dark', direction: 'rtl', locale: 'fr' },
  ] as const;
  for (const { theme, direction, locale } of variants) {
    test(`the dashboard of a busy organization, ${theme} ${direction} ${locale}`, async ({ page }) => {
      const admin = await signUpAccount(baseUrl(), `Dashboard ${theme}`);
      await connectGitHub(admin);
      const ns = await createNamespace(admin, 'platform');
      const states = [
        ['network', 'terraform', { latestRunStatus: 'succeeded' }],
        ['dns', 'opentofu', { latestRunStatus: 'inProgress', driftState: 'drifted' }],
        ['edge', 'terragrunt', { latestRunStatus: 'failed' }],
        ['cdn', 'terraform', { latestRunStatus: 'waitingForApproval' }],
        ['iam', 'opentofu', { driftState: 'drifted', errorState: 'driftDetectionFailed' }],
        ['preview', 'terraform', {}],
      ] as const;
      for (const [name, iacType, state] of states) {
        const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', { token: admin.token, entity: { stack: { name, namespaceId: ns, iacType } } });
        await setStackState(stack?.id ?? '', state);
      }
      await page.setViewportSize({ width: 1440, height: 1700 });
      await useStoredSession(page, admin.token, { theme, direction, locale, navigationType: 'SIDE', topNavColor: '#3e82f7' });
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/app/dashboard');
      // Every step done: the steps give way to the overview.
      await expect(page.getByRole('region', { name: /Failing stacks|Stacks en échec/ }).getByRole('link', { name: 'edge' })).toBeVisible();
      await expect(page.getByRole('region', { name: /Get started|Bien démarrer/ })).toHaveCount(0);
      await expectNoAxeViolations(page, `the dashboard, ${theme} ${direction}`);
      await page.screenshot({ path: `${shots}/dashboard-${theme}-${direction}-${locale}.png`, fullPage: true });
    });
  }
});
