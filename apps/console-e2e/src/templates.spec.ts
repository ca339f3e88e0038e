import type { Page } from 'playwright/test';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { commitMerge, deliverGitHubMerge, gitHosts } from './support/git-hosts';
import { RunPages } from './pages/run-pages';
import { useStoredSession } from './pages/shell';
import { startRunner } from './support/runner-process';
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

async function createStack(admin: Account, namespaceId: string, providerId: string, name: string, path: string, options: { iacType?: string; data?: Record<string, unknown> } = {}): Promise<string> {
  const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
    token: admin.token,
    entity: { stack: { name, namespaceId, iacType: options.iacType ?? 'opentofu', data: { vcsInfo: { providerId, repoName: gitHosts().repository, branch: 'main', path }, ...options.data } } },
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

  test('a stack from a blueprint opens a pull request; merged through the webhook, the stack initialises', async ({ page }) => {
    test.setTimeout(300_000);
    const { admin, namespaceId, providerId } = await setUp('Blueprints Journey');
    const repoName = gitHosts().repository;
    // The blueprint's stacks run on a runner group with a started runner (terraform: the stand-in).
    const runner = await startRunner(admin, 'blueprint-runners');
    try {
      const [blueprint] = await callApi<{ id: string }>(baseUrl(), 'POST', '/blueprint', {
        token: admin.token,
        entity: {
          name: 'Service',
          vcsInfo: { providerId, repoName, branch: 'main', path: 'stacks/preview' },
          stackConfiguration: {
            name: 'svc-{service}',
            iacType: 'terraform',
            vcsInfo: { providerId, repoName, branch: 'main', path: 'services/{service}' },
            runnerConfig: { mode: 'selfHosted', groups: [runner.groupId] },
          },
          substituteParameters: [{ key: 'service', valueConditions: [{ operator: 'match', value: '^[a-z]+$' }] }],
          autoApproveApplyOnInitialization: true,
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

      // Someone merges the pull request on GitHub: its signed webhook reaches the server, which starts
      // the stack's first deployment; the open page, polling, follows the stack as it initialises.
      const pullRequest = await page.getByRole('link', { name: /Open the pull request/ }).getAttribute('href');
      const number = Number(/\/pull\/(\d+)$/.exec(pullRequest ?? '')?.[1]);
      expect(number, 'the pull request has a number on the stand-in').toBeGreaterThan(0);
      // The merge adds the blueprint's code (stacks/preview's) at services/billing; the runner deploys
      // it, auto-approved by the blueprint, and the lifecycle job marks the stack initialised.
      const mergeCommit = await commitMerge('merged/billing', { 'services/billing/main.tf': 'resource "null_resource" "preview" {\n  triggers = { name = "preview" }\n}\n' });
      await deliverGitHubMerge(admin, providerId, number, mergeCommit);
      await expect(page.getByText('Waiting for the pull request to be approved'), 'the merge ended the wait').toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByText('Initialised', { exact: true }), 'the stack initialised').toBeVisible({ timeout: 180_000 });
      await expectNoAxeViolations(page, 'an initialised blueprint stack');
      await page.screenshot({ path: `${shots}/blueprint-initialised.png`, fullPage: true });
      const [billing] = await callApi<{ id: string }>(baseUrl(), 'GET', '/stack?search=svc-billing', { token: admin.token });
      if (!billing) throw new Error('The blueprint stack is not listed');
      await page.goto(`/app/stack/${billing.id}?tab=runs`);
      const initRun = page.getByRole('table', { name: 'Runs of this stack' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'Deployment' }) });
      await expect(initRun, 'its first deployment, at the merge commit').toHaveCount(1);
      await expect(initRun, 'the runner applied it').toContainText('Succeeded');
      expect(await runner.readCloud(), 'the stack’s resource exists in the cloud').toHaveProperty(['null_resource.preview']);

      // Deleting one offers the cleanup pull request, behind its own typed phrase (another stack of the
      // blueprint, made through the API, its pull request still open).
      await callApi(baseUrl(), 'POST', '/stack/fromBlueprint', { token: admin.token, entity: { blueprintId: blueprint.id, namespaceId, parameters: { service: 'payments' } } });
      const [stack] = await callApi<{ id: string; name: string }>(baseUrl(), 'GET', '/stack?search=svc-payments', { token: admin.token });
      if (!stack) throw new Error('The blueprint stack is not listed');
      await page.goto(`/app/stack/${stack.id}`);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('checkbox', { name: 'Also open a pull request removing its code from the repository' }).check();
      await dialog.getByRole('textbox').fill('delete me');
      await expect(dialog.getByRole('button', { name: 'Delete and open PR' }), 'the phrase of stacks is not enough').toBeDisabled();
      await dialog.getByRole('textbox').fill('delete stack and open cleanup PR');
      await expectNoAxeViolations(page, 'the cleanup pull request confirmation');
      const deleted = page.waitForResponse((r) => r.url().includes(`/api/stack/${stack.id}`) && r.request().method() === 'DELETE');
      await dialog.getByRole('button', { name: 'Delete and open PR' }).click();
      const answer = await deleted;
      expect(new URL(answer.url()).searchParams.get('openCleanupPullRequest'), 'the server is asked for the cleanup pull request').toBe('true');
      expect(answer.status(), 'the server deleted the stack').toBe(200);
      await expect(page).toHaveURL(new RegExp(`/app/namespace/${namespaceId}`));
    } finally {
      await runner.stop();
    }
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

  test('a deployment upstream triggers the dependent stack, which receives the referenced output as its input', async ({ page, shell }) => {
    test.setTimeout(300_000);
    const { admin, namespaceId, providerId } = await setUp('Dependency Runs Journey');
    const runner = await startRunner(admin, 'dependency-runners');
    try {
      // Terraform (the runner's IaC stand-in answers as it), run by the group's runner.
      const onRunner = { iacType: 'terraform', data: { runnerConfig: { mode: 'selfHosted', groups: [runner.groupId] } } };
      const network = await createStack(admin, namespaceId, providerId, 'network', 'stacks/app', onRunner);
      const web = await createStack(admin, namespaceId, providerId, 'web', 'consumers/web', onRunner);
      await callApi(baseUrl(), 'POST', '/stack/dependency', {
        token: admin.token,
        entity: { stackId: web, dependsOnStackId: network, triggerOption: 'onReferenceValueChange', references: [{ outputOfStackToDependOn: 'greeting', inputForStack: 'greeting' }] },
      });
      const runs = new RunPages(page);
      await useStoredSession(page, admin.token);

      // Deploy the upstream stack and approve it in the console; the runner applies it.
      await page.goto(`/app/stack/${network}`);
      await runs.act('Deploy', 'Deploy');
      await expect(page, 'deploying opens the deployment').toHaveURL(/\/app\/deployment\/dep-/);
      const upstreamRun = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      await runs.expectStatusLive('waitingForApproval');
      await runs.act('Approve', 'Approve');
      await expect(shell.toast('Your approval is recorded.')).toBeVisible();
      await runs.expectStatusLive('succeeded');

      // Its output changed (none before): the dependent stack's deployment was started by it.
      await page.goto('/app/activeRuns');
      const active = runs.runsTable('Active runs');
      await expect(active.getByRole('link', { name: 'web', exact: true }), 'the triggered deployment of web is active').toBeVisible({ timeout: 30_000 });
      await page.goto(`/app/stack/${web}?tab=runs`);
      const webRuns = runs.runsTable('Runs of this stack');
      await expect(webRuns.getByRole('link', { name: 'Deployment' }), 'web has one run, the triggered one').toHaveCount(1);
      await webRuns.getByRole('link', { name: 'Deployment' }).click();
      await expect(page, 'the triggered run is a deployment').toHaveURL(/\/app\/deployment\/dep-/);
      await runs.expectStatusLive('waitingForApproval');
      await expect(page.getByText(`Dependency on run ${upstreamRun}`), 'started by the upstream deployment').toBeVisible();
      await expectNoAxeViolations(page, 'a deployment triggered by a dependency');
      await page.screenshot({ path: `${shots}/dependency-triggered-run.png`, fullPage: true });
      await runs.act('Approve', 'Approve');
      await runs.expectStatusLive('succeeded');

      // The input it received is network's output: web's code outputs it back.
      await page.goto(`/app/stack/${web}?tab=outputs`);
      await expect(page.getByRole('table', { name: 'Outputs' }).getByRole('row').filter({ hasText: 'message' }), 'greeting came from network').toContainText('hello world');
    } finally {
      await runner.stop();
    }
  });

  test('a discovery refuses a path without a wildcard level, then finds the three stacks of the monorepo', async ({ page }) => {
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
    // The monorepo's stacks/ holds three IaC folders (app, logs, preview).
    await page.getByRole('textbox', { name: /^Path patterns/ }).fill('stacks/**');
    await page.getByRole('button', { name: 'Next' }).click();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/stackDiscoveryConfiguration') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create and scan' }).click();
    expect((await created).status(), 'the server created the discovery').toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Monorepo' })).toBeVisible();
    await page.getByRole('tab', { name: 'Events' }).click();
    // The job queue runs the scan; the page follows it and lists the stacks it created.
    const scans = page.getByRole('table', { name: /Scans of the last/ });
    await expect(scans.getByRole('link'), 'the scan created a stack for each of the three folders').toHaveCount(3, { timeout: 30_000 });
    for (const path of ['stacks/app', 'stacks/logs', 'stacks/preview']) await expect(scans.getByRole('link', { name: path, exact: true }), `${path} became a stack`).toBeVisible();
    await expectNoAxeViolations(page, 'the events of a discovery');
    await page.screenshot({ path: `${shots}/discovery-created-stacks.png`, fullPage: true });
    const stacks = await callApi<{ name: string; namespaceId: string; data: { vcsInfo?: { path?: string } } }>(baseUrl(), 'GET', '/stack', { token: admin.token });
    expect(stacks.map((s) => s.data.vcsInfo?.path).sort(), 'three stacks, one per folder, on the repository').toEqual(['stacks/app', 'stacks/logs', 'stacks/preview']);
    await scans.getByRole('link', { name: 'stacks/logs', exact: true }).click();
    await expect(page, 'each links to its stack').toHaveURL(/\/app\/stack\/stk-/);
  });

  test('a discovery in propose mode lists the folders it finds; accepting one creates its stack', async ({ page, shell }) => {
    test.setTimeout(120_000);
    const { admin } = await setUp('Discovery Proposals Journey');
    await useStoredSession(page, admin.token);
    await page.goto('/app/stackDiscovery');
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Stack Discovery' }), 'the side menu entry').toHaveAttribute('aria-current', 'page');
    await page.goto('/app/createStackDiscoveryWizard');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Proposals');
    await choose(page, /^Namespace/, 'platform');
    await page.getByRole('button', { name: 'Next' }).click();
    await choose(page, /^VCS provider/, 'Acme GitHub');
    await choose(page, /^Repository/, gitHosts().repository);
    await page.getByRole('textbox', { name: /^Path patterns/ }).fill('envs/**');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Propose stacks' }).check();
    await page.getByRole('button', { name: 'Create and scan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Proposals' })).toBeVisible();
    // The job queue runs the scan; the page follows it and lists what it proposed.
    await page.getByRole('tab', { name: 'Proposed stacks' }).click();
    const proposals = page.getByRole('table', { name: 'Proposed stacks' });
    await expect(proposals.getByText('envs/prod', { exact: true }), 'the scan proposed the folders of the repository').toBeVisible({ timeout: 30_000 });
    await expect(proposals.getByText('envs/staging', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the proposed stacks of a discovery');
    await page.screenshot({ path: `${shots}/discovery-proposals.png`, fullPage: true });
    await proposals.getByRole('button', { name: 'Accept envs/prod' }).click();
    await expect(shell.toast('Stack created for envs/prod.')).toBeVisible();
    await expect(proposals.getByText('envs/prod', { exact: true }), 'no longer waiting for a decision').toHaveCount(0);
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('table', { name: /Scans of the last/ }).getByRole('link', { name: '2 proposed' })).toBeVisible();
  });
});
