import type { Page } from 'playwright/test';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { gitHosts } from './support/git-hosts';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

// Self-service templates, blueprints, stack dependencies and stack discovery (issue 14), written
// for the contract (openapi/domains/templates.yaml, stack-discovery.yaml, the dependency operations
// of stacks.yaml). The VCS provider is the loopback GitHub stand-in serving a real repository.

const shots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

async function setUp(name: string): Promise<{ admin: Account; namespaceId: string; providerId: string }> {
  const admin = await signUpAccount(baseUrl(), name);
  const hosts = gitHosts();
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: admin.token, entity: { name: 'platform' } });
  const [provider] = await callApi<{ id: string }>(baseUrl(), 'POST', '/vcs/provider', {
    token: admin.token,
    entity: { type: 'github', name: 'Acme GitHub', authType: 'token', githubMetadata: { orgName: hosts.githubOrg }, credentials: { token: hosts.token } },
  });
  if (!namespace || !provider) throw new Error('Setting up answered no item');
  return { admin, namespaceId: namespace.id, providerId: provider.id };
}

async function createStack(admin: Account, namespaceId: string, providerId: string, name: string, path: string): Promise<string> {
  const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
    token: admin.token,
    entity: { stack: { name, namespaceId, iacType: 'opentofu', data: { vcsInfo: { providerId, repoName: gitHosts().repository, branch: 'main', path } } } },
  });
  if (!stack) throw new Error('Creating a stack answered no item');
  return stack.id;
}

async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('self-service templates, blueprints, dependencies and discovery', () => {
  test('an admin publishes a template and creates an ephemeral stack from it with a 1-hour time to live', async ({ page, shell }) => {
    test.setTimeout(180_000);
    const { admin } = await setUp('Templates Journey');
    const hosts = gitHosts();
    await useStoredSession(page, admin.token);

    await page.goto('/app/templates');
    await shell.expectSignedInAt('/app/templates');
    await expect(page.getByText('No templates yet'), 'a new organization has no templates').toBeVisible();
    await expectNoAxeViolations(page, 'the empty templates list');
    await page.getByRole('link', { name: 'Create template' }).first().click();

    await page.getByRole('textbox', { name: /^Name/ }).fill('Preview');
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, /^VCS provider/, 'Acme GitHub');
    await choose(page, /^Repository/, hosts.repository);
    await page.getByRole('textbox', { name: /^Branch/ }).fill('main');
    await page.getByRole('textbox', { name: /^Path/ }).fill('envs/prod');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expectNoAxeViolations(page, 'the time-to-live step of the template wizard');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/template') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create template' }).click();
    expect((await created).status(), 'the server created the template').toBe(200);

    // The template opens on its namespaces: make it available in platform.
    await expect(page.getByRole('heading', { level: 1, name: 'Preview' }), 'the new template opens').toBeVisible();
    await choose(page, /^Namespace/, 'platform');
    await page.getByRole('button', { name: 'Add namespace' }).click();
    await expect(shell.toast('Available in platform.')).toBeVisible();
    await page.screenshot({ path: `${shots}/template-namespaces.png`, fullPage: true });

    await page.getByRole('link', { name: 'Create stack' }).click();
    await page.getByRole('textbox', { name: /^Stack name/ }).fill('preview-42');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /^Time to live/ }).fill('1');
    await choose(page, /^Unit/, 'Hours');
    await page.getByRole('button', { name: 'Next' }).click();
    const fromTemplate = page.waitForResponse((r) => r.url().endsWith('/api/stack/fromTemplate'));
    await page.getByRole('button', { name: 'Create stack' }).click();
    expect((await fromTemplate).status(), 'the server created the ephemeral stack').toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'preview-42' }), 'the stack page opens').toBeVisible();
    await expect(page.getByText(/Termination time in (59 minute\(s\)|1 hour\(s\))/), 'the TTL countdown of §4').toBeVisible();
  });

  test('a stack from a blueprint opens a pull request and shows its init status', async ({ page }) => {
    test.setTimeout(120_000);
    const { admin, namespaceId, providerId } = await setUp('Blueprints Journey');
    const repoName = gitHosts().repository;
    const [blueprint] = await callApi<{ id: string }>(baseUrl(), 'POST', '/blueprint', {
      token: admin.token,
      entity: {
        name: 'Service',
        vcsInfo: { providerId, repoName, branch: 'main', path: 'envs/prod' },
        stackConfiguration: { name: 'svc-{service}', iacType: 'opentofu', vcsInfo: { providerId, repoName, branch: 'main', path: 'services/{service}' } },
        substituteParameters: [{ key: 'service', valueConditions: [{ operator: 'match', value: '^[a-z]+$' }] }],
      },
    });
    if (!blueprint) throw new Error('Creating a blueprint answered no item');
    await callApi(baseUrl(), 'POST', '/blueprint/blueprintNamespaceMapping', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId } });
    await useStoredSession(page, admin.token);
    await page.goto(`/app/createStackFromBlueprintWizard/${blueprint.id}`);
    await page.getByRole('textbox', { name: /service/ }).fill('Billing!');
    await page.getByRole('button', { name: 'Open pull request' }).click();
    await expect(page.getByRole('textbox', { name: /service/ }), 'the value condition refuses it').toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: /service/ }).fill('billing');
    const opened = page.waitForResponse((r) => r.url().endsWith('/api/stack/fromBlueprint'));
    await page.getByRole('button', { name: 'Open pull request' }).click();
    expect((await opened).status(), 'the server created the stack and opened the pull request').toBe(200);
    await expect(page.getByText('Waiting for the pull request to be approved'), 'the init status of §4').toBeVisible();
    await expect(page.getByRole('link', { name: /Open the pull request/ }), 'the pull request on the stand-in').toHaveAttribute('href', /pull/);
    await expectNoAxeViolations(page, 'the init status of a blueprint stack');
  });

  test('two stacks are linked by an output and the graph shows them', async ({ page, shell }) => {
    test.setTimeout(120_000);
    const { admin, namespaceId, providerId } = await setUp('Dependencies Journey');
    await createStack(admin, namespaceId, providerId, 'network', 'envs/prod');
    const app = await createStack(admin, namespaceId, providerId, 'app', 'envs/prod');
    await useStoredSession(page, admin.token);
    await page.goto(`/app/stack/${app}?tab=dependencies`);
    await expect(page.getByRole('heading', { name: 'Dependency graph' })).toBeVisible();
    await page.getByRole('button', { name: 'Add dependency' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Depends on/ }).click();
    await page.getByRole('option', { name: 'network', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add dependency' }).click();
    await expect(shell.toast('Dependency added.')).toBeVisible();
    const graph = page.getByRole('list', { name: 'Stacks' });
    await expect(graph.getByRole('link', { name: /network/ }), 'the upstream stack is drawn').toBeVisible();
    await expect(graph.getByRole('link', { name: /app/ }), 'this stack is drawn').toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page, 'the dependencies tab');
    await page.screenshot({ path: `${shots}/stack-dependencies.png`, fullPage: true });

    await page.goto(`/app/namespace/${namespaceId}?tab=dependencies`);
    await expect(page.getByRole('list', { name: 'Stacks' }).getByRole('link'), 'the namespace graph holds both stacks').toHaveCount(2);
  });

  test('a discovery refuses a path without a wildcard level, then scans the repository', async ({ page }) => {
    test.setTimeout(120_000);
    const { admin } = await setUp('Discovery Journey');
    await useStoredSession(page, admin.token);
    await page.goto('/app/createStackDiscoveryWizard');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Monorepo');
    await choose(page, /^Namespace/, 'platform');
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, /^VCS provider/, 'Acme GitHub');
    await choose(page, /^Repository/, gitHosts().repository);
    await page.getByRole('textbox', { name: /^Path patterns/ }).fill('envs');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Path must start with */ or **/, contain /*/ or /**/, or end with /**'), 'the rule of §5').toBeVisible();
    await page.getByRole('textbox', { name: /^Path patterns/ }).fill('envs/*/**');
    await page.getByRole('button', { name: 'Next' }).click();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/stackDiscoveryConfiguration') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create and scan' }).click();
    expect((await created).status(), 'the server created the discovery').toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Monorepo' })).toBeVisible();
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('table', { name: /Scans of the last/ }), 'the Events tab').toBeVisible();
    await expectNoAxeViolations(page, 'the events of a discovery');
  });
});
