import { callApi, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { RunPages } from './pages/run-pages';
import { baseUrl, expect, test } from './support/test';
import { invitedUser } from './support/users';

const screenshots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

interface RunRef {
  id: string;
  status: string;
}

/** A namespace and a stack to run (no repository is needed to queue runs: no runner takes them here). */
async function seedStack(token: string, name: string): Promise<string> {
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token, entity: { name: `runs-${name}` } });
  const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
    token,
    entity: { stack: { name, namespaceId: namespace?.id, iacType: 'terraform', data: { iacConfig: { terraformVersion: '1.9.8' } } } },
  });
  if (!stack) throw new Error('creating the stack answered no item');
  return stack.id;
}

async function start(token: string, path: '/stack/plan' | '/stack/deployment', stackId: string): Promise<RunRef> {
  const [ref] = await callApi<RunRef>(baseUrl(), 'POST', path, { token, entity: { stackId } });
  if (!ref) throw new Error(`${path} answered no item`);
  return ref;
}

test.describe('runs', () => {
  // Each journey creates stacks and runs through several pages: slow on a loaded 2-core machine.
  test.slow();
  test('runs started from the stack page: waiting behind each other, Active Runs, cancel, the Finished tab', async ({ page, shell }) => {
    const admin = await signUpAccount(baseUrl(), 'Runs Org');
    const stackId = await seedStack(admin.token, 'network');
    await useStoredSession(page, admin.token);
    const runs = new RunPages(page);
    const idIn = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

    // Deploy, after a confirmation, opens the new deployment.
    await page.goto(`/app/stack/${stackId}`);
    await shell.expectSignedInAt(`/app/stack/${stackId}`);
    await runs.act('Deploy', 'Deploy');
    await expect(page, 'deploying opens the deployment').toHaveURL(/\/app\/deployment\/dep-/);
    const first = idIn(page.url());
    await expect(runs.status).toHaveText('Queued');

    // Destroy asks for the typed phrase; the destroy waits behind the deployment holding the stack.
    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('button', { name: 'Destroy', exact: true }).click();
    const destroy = page.getByRole('alertdialog', { name: 'Destroy every resource of network?' });
    const confirm = destroy.getByRole('button', { name: 'Destroy resources' });
    await destroy.getByRole('textbox').fill('delete me');
    await expect(confirm, 'the phrase must be the spec’s').toBeDisabled();
    await destroy.getByRole('textbox').fill('delete resources');
    await confirm.click();
    await expect(page, 'destroying opens the destroy').toHaveURL(/\/app\/deployment\/dep-/);
    const second = idIn(page.url());
    await expect(page.getByRole('heading', { level: 1, name: 'Destroy' })).toBeVisible();
    await expect(runs.status, 'the header shows the status').toHaveText('Not started');
    await expect(runs.waiting, 'why it waits').toContainText('to finish: it holds this stack.');
    await expect(runs.waiting.getByRole('link', { name: first }), 'a link to the run holding the stack').toHaveAttribute('href', `/app/deployment/${first}`);
    await expect(runs.waiting, 'its place in the queue').toContainText('Next in the queue.');
    await expect(page.getByRole('region', { name: 'About this run' }).getByRole('link', { name: 'network' }), 'the stack link').toBeVisible();
    // The run's event stream is open (server-sent events): the log panel follows it live.
    await expect(runs.logState, 'the log panel follows the live log').toContainText('Live: new lines appear as the run writes them.');
    await expectNoAxeViolations(page, 'a waiting destroy');
    await page.screenshot({ path: `${screenshots}/runs-destroy-waiting.png`, fullPage: true });

    // A plan takes no stack lock; a task does, and its form checks the addresses.
    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('button', { name: 'Plan', exact: true }).click();
    await expect(page, 'planning opens the plan').toHaveURL(/\/app\/plan\/plan-/);
    const plan = idIn(page.url());
    await page.goto(`/app/stack/${stackId}`);
    await page.getByRole('button', { name: 'Run task', exact: true }).click();
    const task = page.getByRole('dialog', { name: 'Run a task on network' });
    await task.getByRole('combobox', { name: /Task/ }).click();
    await page.getByRole('option', { name: 'Taint resources', exact: true }).click();
    await task.getByRole('textbox', { name: /Resource addresses/ }).fill('aws_instance');
    await task.getByRole('button', { name: 'Run task' }).click();
    await expect(task.getByText(/Enter a resource address such as/), 'the address is checked').toBeVisible();
    await expectNoAxeViolations(page, 'the run-task form with an error');
    await page.screenshot({ path: `${screenshots}/runs-task-form.png` });
    await task.getByRole('textbox', { name: /Resource addresses/ }).fill('aws_instance.web');
    await task.getByRole('button', { name: 'Run task' }).click();
    await expect(page, 'the task opens').toHaveURL(/\/app\/task\/task-/);
    await expect(page.getByRole('heading', { level: 1, name: 'Task · Taint resources' })).toBeVisible();

    // The stack's runs tab lists them all.
    await page.goto(`/app/stack/${stackId}?tab=runs`);
    const stackRuns = runs.runsTable('Runs of this stack');
    for (const id of [first, second, plan]) await expect(stackRuns.getByText(id), `${id} is in the stack's runs`).toBeVisible();
    await expectNoAxeViolations(page, 'the stack’s runs tab');
    await page.screenshot({ path: `${screenshots}/runs-stack-tab.png`, fullPage: true });

    // Active Runs lists them, each linking to its page.
    await page.goto('/app/activeRuns');
    const active = runs.runsTable('Active runs');
    for (const id of [first, second, plan]) await expect(active.getByText(id), `${id} is active`).toBeVisible();
    await expect(active.getByRole('link', { name: 'Plan' }), 'the plan links to its page').toHaveAttribute('href', `/app/plan/${plan}`);
    await expectNoAxeViolations(page, 'Active Runs');
    await page.screenshot({ path: `${screenshots}/runs-active.png`, fullPage: true });

    // Cancelling the first frees the stack: the destroy is queued next.
    await runs.openRun('deployment', first);
    await runs.act('Cancel', 'Cancel run');
    await expect(shell.toast('Cancel requested.')).toBeVisible();
    await expect(runs.status, 'the answered status shows at once').toHaveText('Canceled');
    await expect(page.getByRole('button', { name: 'Cancel', exact: true }), 'a canceled run offers no cancel').toHaveCount(0);
    await runs.openRun('deployment', second);
    await expect(runs.status, 'the destroy took the stack').toHaveText('Queued');
    await expect(runs.waiting, 'it waits for a runner now').toContainText('Waiting for a runner.');

    // The plan is cancelled from its page; the Finished tab lists what ended in the last day.
    await runs.openRun('plan', plan);
    await runs.act('Cancel', 'Cancel run');
    await expect(runs.status).toHaveText('Canceled');
    await page.goto('/app/activeRuns?tab=finished');
    const finished = runs.runsTable('Runs finished in the last 24 hours');
    await expect(finished.getByText(first), 'the canceled deployment is finished').toBeVisible();
    await expect(finished.getByText(plan), 'the canceled plan is finished').toBeVisible();
    await expect(finished.getByText(second), 'the queued destroy is not').toHaveCount(0);

    // The status filter asks the server: no run failed.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await expect(page.getByText('No run matches these filters'), 'no run failed').toBeVisible();
  });

  test('a viewer sees the actions disabled with the reason, and the run in French, dark, right to left', async ({ page }) => {
    const admin = await signUpAccount(baseUrl(), 'Runs Viewer Org');
    const stackId = await seedStack(admin.token, 'dns');
    const run = await start(admin.token, '/stack/deployment', stackId);
    const viewer = await invitedUser(admin, 'viewer');
    await useStoredSession(page, viewer.token);
    const runs = new RunPages(page);
    await runs.openRun('deployment', run.id);
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await expect(runs.status).toHaveText('Queued');
    await expect(cancel, 'a viewer may not cancel').toBeDisabled();
    await expect(page.locator('[data-slot="disabled-reason"]').filter({ has: cancel }), 'the reason is read with it').toHaveAccessibleDescription(
      'Your role does not allow this. Ask an organization admin.',
    );
    await page.getByRole('tab', { name: 'Comments' }).click();
    await expect(page.getByRole('textbox', { name: /Comment/ }), 'nor comment').toBeDisabled();

    // The admin comments; the same page in French shows the comment under its translated tab.
    await callApi(baseUrl(), 'POST', '/comment', { token: admin.token, entity: { runId: run.id, text: 'Waiting for the change window.' } });
    await useStoredSession(page, admin.token, { theme: 'dark', direction: 'rtl', locale: 'fr', navigationType: 'SIDE', topNavColor: '#3e82f7' });
    await page.goto(`/app/deployment/${run.id}?tab=comments`);
    await expect(page.getByRole('heading', { level: 1, name: 'Déploiement' }), 'the title in French').toBeVisible();
    await expect(page.getByText('Waiting for the change window.'), 'the comment').toBeVisible();
    await expectNoAxeViolations(page, 'a deployment in French, dark, right to left');
    await page.screenshot({ path: `${screenshots}/runs-deployment-fr-dark-rtl.png`, fullPage: true });
  });
});
