import { RunPages } from './pages/run-pages';
import { useStoredSession } from './pages/shell';
import { StackPages } from './pages/stack-pages';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expireStack } from './support/database';
import { connectGitHub, gitHosts } from './support/git-hosts';
import { startRunner, type RunnerProcess } from './support/runner-process';
import { baseUrl, expect, test } from './support/test';

// Issue 14's time to live, executed for real: an ephemeral stack made from a template is deployed
// by a self-hosted runner; when its time to live has passed (the test moves its expiry into the
// past, as a clock would), the server's time-to-live job destroys it on the runner and deletes it.

const screenshots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

let admin: Account;
let runner: RunnerProcess;
let templateId: string;

test.beforeAll(async () => {
  admin = await signUpAccount(baseUrl(), 'Templates TTL Org');
  const providerId = await connectGitHub(admin);
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: admin.token, entity: { name: 'previews' } });
  runner = await startRunner(admin, 'preview-runners');
  // The template (its wizard is templates.spec's): previews of stacks/preview, run by the group.
  const [template] = await callApi<{ id: string }>(baseUrl(), 'POST', '/template', {
    token: admin.token,
    entity: {
      name: 'Preview',
      iacType: 'terraform',
      vcsInfo: { providerId, repoName: gitHosts().repository, branch: 'main', path: 'stacks/preview' },
      runnerConfig: { mode: 'selfHosted', groups: [runner.groupId] },
    },
  });
  templateId = template?.id ?? '';
  await callApi(baseUrl(), 'POST', '/template/templateNamespaceMapping', { token: admin.token, entity: { templateId, namespaceId: namespace?.id } });
});

test.afterAll(async () => {
  await runner?.stop();
});

test.describe('ephemeral stacks with a time to live, executed', () => {
  test('a stack from a template with a 1-hour TTL is deployed, and destroyed and deleted once its TTL has passed', async ({ page }) => {
    test.setTimeout(420_000);
    const stacks = new StackPages(page);
    const runs = new RunPages(page);
    await useStoredSession(page, admin.token);

    // Create the stack from the published template, with a 1-hour time to live.
    await page.goto(`/app/template/${templateId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
    await page.getByRole('link', { name: 'Create stack' }).click();
    await page.getByRole('textbox', { name: /^Stack name/ }).fill('preview-7');
    await stacks.next();
    await page.getByRole('textbox', { name: /^Time to live/ }).fill('1');
    await stacks.choose(page, /^Unit/, 'Hours');
    await stacks.next();
    await page.getByRole('button', { name: 'Create stack' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'preview-7' }), 'the stack page opens').toBeVisible();
    const stackId = page.url().match(/\/app\/stack\/(stk-[a-z0-9]+)/)?.[1] ?? '';
    await expect(page.getByText(/Termination time in (59 minute\(s\)|1 hour\(s\))/), 'the TTL countdown').toBeVisible();

    // Its first deployment runs on the runner and waits for approval, like any deployment of the stack.
    await page.goto(`/app/stack/${stackId}?tab=runs`);
    const stackRuns = runs.runsTable('Runs of this stack');
    await stackRuns.getByRole('link', { name: 'Deployment' }).first().click();
    await expect(page).toHaveURL(/\/app\/deployment\/dep-/);
    await runs.expectStatusLive('waitingForApproval');
    await runs.act('Approve', 'Approve');
    await runs.expectStatusLive('succeeded');
    expect(await runner.readCloud(), 'the preview exists in the cloud').toHaveProperty(['null_resource.preview']);
    await expectNoAxeViolations(page, 'an ephemeral stack’s deployment');

    // An hour later: the time-to-live job destroys it on the runner, then deletes it.
    await expireStack(stackId);
    await expect(async () => {
      await page.goto(`/app/stack/${stackId}`);
      await expect(page.getByText(/Not Found|could not be found|does not exist/i).first()).toBeVisible({ timeout: 2_000 });
    }, 'the stack is destroyed and deleted').toPass({ timeout: 240_000, intervals: [5_000] });
    expect(await runner.readCloud(), 'the preview is gone from the cloud').not.toHaveProperty(['null_resource.preview']);
    await expectNoAxeViolations(page, 'a deleted stack');

    // The template's events tell the story.
    await page.goto(`/app/template/${templateId}?tab=events`);
    await expect(page.getByText('preview-7').first(), 'the template’s events name the stack').toBeVisible();
    await page.screenshot({ path: `${screenshots}/templates-ttl-events.png`, fullPage: true });
    await expectNoAxeViolations(page, 'the template’s events');
  });
});
