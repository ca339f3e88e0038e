import { RunPages } from './pages/run-pages';
import { useStoredSession } from './pages/shell';
import { StackPages } from './pages/stack-pages';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { connectGitHub, gitHosts } from './support/git-hosts';
import { startRunner, type RunnerProcess } from './support/runner-process';
import { baseUrl, expect, test } from './support/test';

// Issue 12's journey, executed for real: a self-hosted runner (the apps/runner process) registered
// to a runner group of the organization runs the stack's jobs with the IaC stand-in as terraform,
// cloning the loopback repository and keeping the state in the product's HTTP backend. Every step
// is done in the console, whose run page follows the run live (no reload).

const screenshots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

let admin: Account;
let runner: RunnerProcess;

test.beforeAll(async () => {
  admin = await signUpAccount(baseUrl(), 'Runs Executed Org');
  await connectGitHub(admin);
  await callApi(baseUrl(), 'POST', '/namespace', { token: admin.token, entity: { name: 'apps' } });
  runner = await startRunner(admin, 'e2e-runners');
});

test.afterAll(async () => {
  await runner?.stop();
});

test.describe('runs executed by a self-hosted runner', () => {
  test('create a stack from the repository in the wizard, plan, deploy, approve, watch the log live, see the outputs, destroy', async ({ page, shell }) => {
    test.setTimeout(300_000);
    const hosts = gitHosts();
    const stacks = new StackPages(page);
    const runs = new RunPages(page);
    await useStoredSession(page, admin.token);

    // The wizard: the code of stacks/app on the repository, run by the self-hosted group.
    await page.goto('/app/createStackWizard');
    await shell.expectSignedInAt('/app/createStackWizard');
    await page.getByRole('textbox', { name: /^Name/ }).fill('app');
    await stacks.choose(page, /^Namespace/, 'apps');
    await stacks.next();
    await stacks.browseCode('Acme GitHub', hosts.repository, 'main', ['stacks', 'app']);
    await stacks.next();
    await stacks.next();
    await stacks.choose(page, /^Runner/, 'Self-hosted runners');
    await page.getByRole('button', { name: /^Runner groups/ }).click();
    await page.getByRole('option', { name: runner.groupName, exact: true }).click();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, 'the runner settings of the stack wizard');
    await stacks.next();
    await page.getByRole('button', { name: 'Create stack' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'app' }), 'the new stack opens').toBeVisible();
    const stackId = page.url().match(/\/app\/stack\/(stk-[a-z0-9]+)/)?.[1] ?? '';
    const [stored] = await callApi<{ data: { runnerConfig?: { mode: string; groups: string[] } } }>(baseUrl(), 'GET', `/stack/${stackId}`, { token: admin.token });
    expect(stored?.data.runnerConfig, 'the stack runs on the runner group chosen').toEqual({ mode: 'selfHosted', groups: [runner.groupId] });

    // A plan: the runner clones, inits and plans; the page follows it to its end.
    await page.getByRole('button', { name: 'Plan', exact: true }).click();
    await expect(page, 'planning opens the plan').toHaveURL(/\/app\/plan\/plan-/);
    await runs.expectStatusLive('succeeded');
    await expect(runs.log, 'the plan’s log').toContainText('Plan: 1 to add, 0 to change, 0 to destroy.');
    await page.getByRole('tab', { name: 'Resource changes' }).click();
    await expect(page.getByText('null_resource.app'), 'the resource the plan creates').toBeVisible();
    await expectNoAxeViolations(page, 'a plan a runner executed');

    // The deployment: planned by the runner, it waits for approval, live on the open page.
    await page.goto(`/app/stack/${stackId}`);
    await runs.act('Deploy', 'Deploy');
    await expect(page, 'deploying opens the deployment').toHaveURL(/\/app\/deployment\/dep-/);
    const deploymentId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await runs.expectStatusLive('waitingForApproval');
    await expect(runs.log, 'the plan’s lines arrived on the open page').toContainText('Plan: 1 to add');
    await expect(runs.logState, 'the log is live').toContainText('Live: new lines appear as the run writes them.');
    await expectNoAxeViolations(page, 'a deployment waiting for approval');
    await page.screenshot({ path: `${screenshots}/runs-executed-waiting-for-approval.png`, fullPage: true });

    // Approve: the runner applies; the status and the apply's log arrive without a reload.
    await runs.act('Approve', 'Approve');
    await expect(shell.toast('Your approval is recorded.')).toBeVisible();
    await runs.expectStatusLive('succeeded');
    await expect(runs.log, 'the apply’s lines arrived live').toContainText('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');
    await expect(page, 'the page was never reloaded').toHaveURL(`/app/deployment/${deploymentId}`);
    await expectNoAxeViolations(page, 'a succeeded deployment');
    await page.screenshot({ path: `${screenshots}/runs-executed-succeeded.png`, fullPage: true });

    // The outputs, read from the state the runner wrote through the product's HTTP backend.
    await page.goto(`/app/stack/${stackId}?tab=outputs`);
    const outputs = page.getByRole('table', { name: 'Outputs' });
    await expect(outputs.getByRole('row').filter({ hasText: 'greeting' }), 'the output of the code').toContainText('hello world');
    await expectNoAxeViolations(page, 'the stack’s outputs');
    expect(await runner.readCloud(), 'the resource exists in the cloud the stand-in simulates').toHaveProperty(['null_resource.app']);

    // Destroy, behind the typed phrase; approved, it removes the resource.
    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('button', { name: 'Destroy', exact: true }).click();
    const destroy = page.getByRole('alertdialog', { name: 'Destroy every resource of app?' });
    await destroy.getByRole('textbox').fill('delete resources');
    await destroy.getByRole('button', { name: 'Destroy resources' }).click();
    await expect(page, 'destroying opens the destroy').toHaveURL(/\/app\/deployment\/dep-/);
    await runs.expectStatusLive('waitingForApproval');
    await expect(runs.log).toContainText('Plan: 0 to add, 0 to change, 1 to destroy.');
    await runs.act('Approve', 'Approve');
    await runs.expectStatusLive('succeeded');
    await expect(runs.log, 'the destroy’s lines').toContainText('Destroy complete! Resources: 1 destroyed.');
    expect(await runner.readCloud(), 'the resource is gone from the cloud').not.toHaveProperty(['null_resource.app']);
    await page.goto(`/app/stack/${stackId}?tab=outputs`);
    await expect(page.getByText('No outputs yet'), 'a destroyed stack has no outputs').toBeVisible();
  });
});
